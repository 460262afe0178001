import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support.ts';
import {
  currentCard,
  hungarianOf,
  inGerman,
  nearMiss,
  practiceLearner,
  practiceReviews,
  startPractice,
} from './practice-support.ts';

// Practice that makes learners produce Hungarian (issue 30), on a phone (390×844) in German: the
// lesson's Practice tab with each kind of exercise, answered with the keyboard as the issue
// asks (Enter checks and continues, 1–4 grade), each answer graded and stored by the server in
// its own skill. Screenshots of every screen at 390×844 and 1440×900 go to the test's output.

test.use({ viewport: { width: 390, height: 844 } });

const shoot = async (page: Page, path: (name: string) => string, name: string) => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path(`${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
};

test.describe('practice on a phone in German', () => {
  test('Practice tab: dictation checked word by word, a near miss marked', async ({
    page,
    request,
  }, testInfo) => {
    const learner = await practiceLearner(request);
    await signIn(page, learner.email);
    await inGerman(page);
    await page.goto(`/lesson/${learner.lessonId}`);
    await page.getByRole('tab', { name: 'Üben' }).click();
    await expect(page.getByRole('heading', { name: 'Diktat' })).toBeVisible();
    await shoot(page, (n) => testInfo.outputPath(n), 'practice-tab');

    await startPractice(page, learner.lessonId, 'Diktat');
    const card = currentCard(page);
    await expect(card.getByRole('button', { name: 'Langsam abspielen' })).toBeVisible();
    const box = card.getByRole('textbox', { name: 'Deine Antwort' });
    await expect(box).toBeFocused();
    for (const [name, value] of [
      ['autocorrect', 'off'],
      ['autocapitalize', 'none'],
      ['spellcheck', 'false'],
      ['lang', 'hu'],
    ]) {
      await expect(box).toHaveAttribute(name, value);
    }
    const [first, second] = learner.lines;
    await box.fill(first?.text_content ?? '');
    await page.keyboard.press('Enter');
    await expect(card.getByRole('status').getByText('Richtig!')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('aria-label', /^Karte 2 von \d+$/);

    await box.fill(nearMiss(second?.text_content ?? ''));
    await page.keyboard.press('Enter');
    const status = card.getByRole('status');
    await expect(status.getByText(/^Richtige Wörter: \d+ von \d+$/)).toBeVisible();
    await expect(status.getByText('(fast)').first()).toBeAttached();
    await expect(status.locator('mark').first()).toBeVisible();
    await shoot(page, (n) => testInfo.outputPath(n), 'dictation-checked');
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('aria-label', /^Karte 3 von \d+$/);

    await expect
      .poll(async () => (await practiceReviews(learner.db)).map((r) => [r.skill, r.rating]))
      .toEqual([
        ['dictation', 3],
        ['dictation', 1],
      ]);
  });

  test('Say it: a visible 5 s pause, then the line with its text, graded 1–4', async ({
    page,
    request,
  }, testInfo) => {
    const learner = await practiceLearner(request);
    await signIn(page, learner.email);
    await inGerman(page);
    await startPractice(page, learner.lessonId, 'Sag es');
    const card = currentCard(page);
    const timer = card.getByRole('timer');
    await expect(timer).toHaveAccessibleName(/^Du bist dran: [45]$/);
    const line = learner.lines[0]?.text_content ?? '';
    await expect(card.getByText(line, { exact: true })).toHaveCount(0);
    await shoot(page, (n) => testInfo.outputPath(n), 'say-it-pause');
    await expect(card.getByText(line, { exact: true })).toBeVisible({ timeout: 7000 });
    await expect(card.getByRole('button', { name: /Leicht$/ })).toBeVisible();
    await shoot(page, (n) => testInfo.outputPath(n), 'say-it-revealed');
    await page.keyboard.press('4');
    await expect(card).toHaveAttribute('aria-label', /^Karte 2 von \d+$/);

    await card.getByRole('button', { name: 'Jetzt zeigen' }).click();
    await expect(card.getByRole('group', { name: 'Wie ist es gelaufen?' })).toBeVisible();
    await page.keyboard.press('1');
    await expect
      .poll(async () => (await practiceReviews(learner.db)).map((r) => [r.skill, r.rating]))
      .toEqual([
        ['speaking', 4],
        ['speaking', 1],
      ]);
  });

  test('recall: meaning → Hungarian, accent keys, near miss marked, hint → Hard, Easy on request', async ({
    page,
    request,
  }, testInfo) => {
    const learner = await practiceLearner(request);
    await signIn(page, learner.email);
    await inGerman(page);
    await startPractice(page, learner.lessonId, 'Schreib das Wort');
    const card = currentCard(page);
    const box = card.getByRole('textbox', { name: 'Deine Antwort' });
    const meaning = async () => (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';

    // 1. A near miss: graded Again, the answer shown with the difference marked.
    const first = hungarianOf(learner.words, await meaning());
    await box.fill(nearMiss(first));
    await card.getByRole('button', { name: 'Prüfen' }).click();
    await expect(
      card.getByRole('status').getByText(`Fast! Die Antwort ist ${first}`),
    ).toBeVisible();
    await expect(card.getByRole('status').locator('mark, del').first()).toBeVisible();
    await shoot(page, (n) => testInfo.outputPath(n), 'recall-near-miss');
    await page.keyboard.press('Enter');

    // 2. The accent keys type where the caret is; the first letter on request makes it Hard.
    await expect(card).toHaveAttribute('aria-label', /^Karte 2 von \d+$/);
    await card.getByRole('button', { name: 'Ersten Buchstaben zeigen' }).click();
    await box.fill('');
    await card.getByRole('button', { name: 'ő tippen' }).click();
    await expect(box).toHaveValue('ő');
    await expect(box).toBeFocused();
    await box.fill(hungarianOf(learner.words, await meaning()));
    await page.keyboard.press('Enter');
    await expect(card.getByRole('status').getByText('Richtig!')).toBeVisible();
    await page.keyboard.press('4');

    // 3. Right, and the learner says it was easy.
    await expect(card).toHaveAttribute('aria-label', /^Karte 3 von \d+$/);
    await box.fill(hungarianOf(learner.words, await meaning()));
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: /Leicht$/ })).toBeVisible();
    await shoot(page, (n) => testInfo.outputPath(n), 'recall-right');
    await page.keyboard.press('4');

    await expect
      .poll(async () => (await practiceReviews(learner.db)).map((r) => [r.skill, r.rating]))
      .toEqual([
        ['recall', 1],
        ['recall', 2],
        ['recall', 4],
      ]);
  });

  test('listening: the word heard, not shown, its meaning picked with a key', async ({
    page,
    request,
  }, testInfo) => {
    const learner = await practiceLearner(request);
    await signIn(page, learner.email);
    await inGerman(page);
    await startPractice(page, learner.lessonId, 'Hören');
    const card = currentCard(page);
    const heard = learner.words.find((w) => w.audio_file_path);
    if (!heard) throw new Error('lesson 1 has no word recording');
    await expect(card.getByText(heard.word_hu, { exact: true })).toHaveCount(0);
    const options = card.getByRole('listitem').getByRole('button');
    await expect(options).toHaveCount(4);
    const texts = (await options.allTextContents()).map((t) => t.replace(/^\d/, '').trim());
    const right = texts.indexOf(heard.word_de ?? heard.word_en);
    expect(right, texts.join(' | ')).toBeGreaterThanOrEqual(0);
    await shoot(page, (n) => testInfo.outputPath(n), 'listening');
    await page.keyboard.press(String(right + 1));
    await expect(card.getByRole('status').getByText(/^Richtig!/)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await practiceReviews(learner.db)).map((r) => [r.skill, r.rating]))
      .toEqual([['listening', 3]]);
  });
});
