import type { Page } from '@playwright/test';
import { serviceClient } from './admin/admin-support.ts';
import { controlledByWorker, readQueue } from './offline-support.ts';
import { expect, signIn, test } from './support.ts';
import {
  currentCard,
  hungarianOf,
  inGerman,
  practiceLearner,
  practiceReviews,
  startPractice,
  type PracticeLearner,
} from './practice-support.ts';

// The mixed review and offline practice (issue 30 points 4 and 7), on a phone (390×844) in
// German: the review page mixes every due skill in a session of the length picked, answered with
// the keyboard to the end; a downloaded lesson's practice works without a connection and its
// answers reach the server once each when it is back.

test.use({ viewport: { width: 390, height: 844 } });

/** Hungarian ↔ the German (or English fallback) meaning of every word of the lesson. */
function answersOf(learner: PracticeLearner): Map<string, string> {
  const map = new Map<string, string>();
  for (const word of learner.words) {
    const meaning = word.word_de ?? word.word_en;
    map.set(word.word_hu, meaning);
    map.set(meaning, word.word_hu);
  }
  return map;
}

/** Answers the card on screen whatever its kind; returns its skill. */
async function answerAny(page: Page, learner: PracticeLearner): Promise<string> {
  const card = currentCard(page);
  const skill = (await card.getAttribute('data-skill')) ?? '';
  const label = (await card.getAttribute('aria-label')) ?? '';
  if (skill === 'recognition') {
    const question = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
    const texts = (await card.getByRole('listitem').getByRole('button').allTextContents()).map(
      (t) => t.replace(/^\d/, '').trim(),
    );
    const right = texts.indexOf(answersOf(learner).get(question) ?? '');
    await page.keyboard.press(String(Math.max(0, right) + 1));
    await page.keyboard.press('Enter');
  } else if (skill === 'recall') {
    const meaning = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await card
      .getByRole('textbox', { name: 'Deine Antwort' })
      .fill(hungarianOf(learner.words, meaning));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  } else if (skill === 'listening') {
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
  } else if (skill === 'dictation') {
    await card.getByRole('textbox', { name: 'Deine Antwort' }).fill('igen');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  } else {
    await card.getByRole('button', { name: 'Jetzt zeigen' }).click();
    await page.keyboard.press('3');
  }
  await expect(async () => {
    const now = page.url().endsWith('/dashboard')
      ? 'done'
      : await currentCard(page).getAttribute('aria-label', { timeout: 1000 });
    expect(now).not.toBe(label);
  }).toPass();
  return skill;
}

test.describe('mixed review and offline practice on a phone in German', () => {
  test('the review mixes every due skill in a session of 10, to the end', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const learner = await practiceLearner(request);
    const line = learner.lines[0];
    const heard = learner.words.find((w) => w.audio_file_path);
    const answers: Record<string, unknown>[] = [
      { vocabulary_id: learner.words[0]?.id, skill: 'recall', answer: learner.words[0]?.word_hu },
      { vocabulary_id: heard?.id, skill: 'listening', answer: heard?.word_en, choice: true },
      { line_id: line?.id, skill: 'dictation', answer: line?.text_content },
      { line_id: line?.id, skill: 'speaking', rating: 3 },
    ];
    for (const body of answers) {
      const { error } = await learner.db.functions.invoke('record-word-result', { body });
      if (error) throw error;
    }
    // Everything answered before falls due now, the practised skills longest overdue (the
    // session takes the most overdue first); no new items today, so the session is the due.
    const service = serviceClient();
    const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();
    const words = await service
      .from('user_vocabulary_progress')
      .update({ due: hoursAgo(1) })
      .eq('user_id', learner.userId)
      .gt('reps', 0);
    const practised = await service
      .from('user_vocabulary_progress')
      .update({ due: hoursAgo(2) })
      .eq('user_id', learner.userId)
      .neq('skill', 'recognition')
      .gt('reps', 0);
    const lines = await service
      .from('user_line_progress')
      .update({ due: hoursAgo(2) })
      .eq('user_id', learner.userId)
      .gt('reps', 0);
    for (const { error } of [words, practised, lines]) if (error) throw error;
    const profile = await learner.db
      .from('profiles')
      .update({ new_items_per_day: 0 })
      .eq('user_id', learner.userId);
    if (profile.error) throw profile.error;

    await signIn(page, learner.email);
    await inGerman(page);
    await page.goto('/review-flashcards');
    await expect(page.getByRole('group', { name: 'Länge der Sitzung' })).toBeVisible();
    await page.getByRole('radio', { name: '10 Übungen' }).check();
    await expect(currentCard(page)).toHaveAttribute('aria-label', 'Karte 1 von 10');
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: testInfo.outputPath(`review-${width}x${height}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    const skills: string[] = [];
    const before = (await practiceReviews(learner.db)).length;
    while (!page.url().endsWith('/dashboard')) {
      if (skills.length > 0)
        await expect(page.getByRole('radio', { name: '50 Übungen' })).toBeDisabled();
      skills.push(await answerAny(page, learner));
      expect(skills.length).toBeLessThan(40);
    }
    await expect(page.getByText(/^Sitzung beendet! Genauigkeit: \d+ %$/)).toBeVisible();
    // Recognition, recall, listening, dictation and Say it: every skill that was due came up.
    expect(new Set(skills)).toEqual(
      new Set(['recognition', 'recall', 'listening', 'dictation', 'speaking']),
    );
    const answered = skills.filter((s) => s !== 'recognition').length;
    await expect
      .poll(async () => (await practiceReviews(learner.db)).length - before)
      .toBe(answered);
  });

  test('a downloaded lesson practises offline; its answers reach the server once each', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const learner = await practiceLearner(request);
    await signIn(page, learner.email);
    await controlledByWorker(page);
    await inGerman(page);
    await page.goto('/dashboard');
    const offlineCard = page.getByRole('region', { name: 'Offline-Lektionen' });
    await offlineCard
      .getByRole('button', { name: /^1\. .* für die Offline-Nutzung herunterladen$/ })
      .click();
    await expect(offlineCard.getByText(/Heruntergeladen · /)).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await startPractice(page, learner.lessonId, 'Diktat');
    const card = currentCard(page);
    await card
      .getByRole('textbox', { name: 'Deine Antwort' })
      .fill(learner.lines[0]?.text_content ?? '');
    await page.keyboard.press('Enter');
    await expect(card.getByRole('status').getByText('Richtig!')).toBeVisible();
    await page.keyboard.press('Enter');

    await startPractice(page, learner.lessonId, 'Sag es');
    await card.getByRole('button', { name: 'Jetzt zeigen' }).click();
    await page.keyboard.press('3');

    await startPractice(page, learner.lessonId, 'Schreib das Wort');
    const meaning = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await card
      .getByRole('textbox', { name: 'Deine Antwort' })
      .fill(hungarianOf(learner.words, meaning));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    await startPractice(page, learner.lessonId, 'Hören');
    await page.keyboard.press('2');
    await expect(card.getByRole('listitem').getByRole('button').first()).toBeDisabled();
    await page.keyboard.press('Enter');

    const practised = async () => (await readQueue(page)).filter((s) => s.kind === 'practice');
    await expect
      .poll(async () => (await practised()).map((s) => s.skill))
      .toEqual(['dictation', 'speaking', 'recall', 'listening']);
    const queued = await practised();
    expect(await practiceReviews(learner.db)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await readQueue(page)).length, { timeout: 30_000 }).toBe(0);
    const stored = await practiceReviews(learner.db);
    expect(stored.map((r) => r.skill)).toEqual(['dictation', 'speaking', 'recall', 'listening']);
    expect(stored.map((r) => r.client_answer_id)).toEqual(queued.map((s) => s.clientAnswerId));
    expect(stored.slice(0, 3).map((r) => r.rating)).toEqual([3, 3, 3]);
  });
});
