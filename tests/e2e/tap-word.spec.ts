import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { grammarNote, type GrammarNote } from '@magyarul/core/grammar';
import { createLearner, expect, test } from './support.ts';
import { signInIn, textsIn, useLanguage, type Language, type Texts } from './day-support.ts';
import { seriousViolations } from './axe-support.ts';
import { clientFor, serviceClient } from './admin/admin-support.ts';
import { controlledByWorker } from './offline-support.ts';
import { lessonOneTokens, plays, recordPlays, type StoredToken } from './tap-word-support.ts';

// Issue 31 points 1, 2, 3, 5 and 6 (learner side) and issue 28 point 6: every word of the lesson
// transcript opens a panel (a bottom sheet on a phone) with its dictionary form, notes and
// meaning in the learner's language; it plays, pauses the dialogue while open, closes on Escape
// with focus back on the word, keeps the word for review (met there), marks it as known; while
// the dialogue plays the word being spoken is highlighted (aria-current) within ±150 ms of its
// stored times at every speed and in the slow version (±50 ms measured per frame, reported).

type Case = { language: Language; width: number; height: number };
const CASES: readonly Case[] = [
  { language: 'es', width: 390, height: 844 },
  { language: 'de', width: 1440, height: 900 },
];

/** The word of lesson 1 kept in the tests: a glossary-only word when there is one. */
function wordToKeep(tokens: readonly StoredToken[]): StoredToken {
  const kept =
    tokens.find(
      (t) => t.glossary_id !== null && t.vocabulary_id === null && !t.is_name && t.lemma !== t.text,
    ) ??
    tokens.find((t) => t.glossary_id !== null && t.vocabulary_id === null && !t.is_name) ??
    tokens.find((t) => t.vocabulary_id !== null && !t.is_name);
  if (!kept) throw new Error('lesson 1 has no word to keep');
  return kept;
}

async function openLessonOne(
  page: Page,
  t: Texts,
  language: Language,
  lessonId: string,
  arrange?: (userId: string) => Promise<void>,
) {
  await useLanguage(page, language);
  const email = await createLearner(page.request);
  if (arrange) {
    const { data } = await (await clientFor(page.request, email)).auth.getUser();
    await arrange(data.user?.id ?? '');
  }
  await signInIn(page, t, email);
  await page.goto(`/lesson/${lessonId}`);
  await expect(page.getByRole('button', { name: t('audio.play'), exact: true })).toBeEnabled();
}

const word = (page: Page, token: StoredToken) =>
  page.locator(`button.word[data-token="${token.id}"]`);

for (const { language, width, height } of CASES) {
  test(`tap a word at ${width}×${height} in ${language}: meaning, play, pause, add, review`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const t = textsIn(language);
    const { lessonId, tokens } = await lessonOneTokens(page.request);
    const kept = wordToKeep(tokens);
    await recordPlays(page);
    // The learner finished lesson 1 without answering its words (arranged with the service
    // role), so the review is open and holds nothing but what they keep here.
    await openLessonOne(page, t, language, lessonId, async (userId) => {
      const { error } = await serviceClient().from('user_lesson_progress').insert({
        user_id: userId,
        lesson_id: lessonId,
        audio_completed: true,
        flashcard_passed: true,
        is_completed: true,
        flashcard_accuracy: 100,
      });
      if (error) throw error;
      // Its lines opened for dictation and Say it with the pass: not what this test is about.
      const lines = await serviceClient().from('user_line_progress').delete().eq('user_id', userId);
      if (lines.error) throw lines.error;
    });

    // Every word of every line is a button; names too.
    const transcript = page.getByRole('list', { name: t('audio.transcript') });
    await expect(transcript.locator('button.word')).toHaveCount(tokens.length);

    // The dialogue plays; a tap on the word pauses it and opens the panel beside the word (a
    // bottom sheet on a phone).
    await page.getByRole('button', { name: t('audio.play'), exact: true }).click();
    await expect(page.getByRole('button', { name: t('audio.pause'), exact: true })).toBeVisible();
    // The word being spoken is lit inside its line.
    await expect(transcript.locator('button.word[aria-current="true"]')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`word-highlight-${width}x${height}.png`) });
    await word(page, kept).click();
    const panel = page.getByRole('dialog', { name: kept.text });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: t('audio.play'), exact: true })).toBeVisible();
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await expect(word(page, kept)).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.locator('.word-lemma')).toHaveText(kept.lemma);
    for (const note of kept.grammar_notes) {
      await expect(panel).toContainText(grammarNote(note as GrammarNote, language));
    }
    // Its meaning in the learner's language (English, tagged, where that is missing).
    const meaning = kept.meanings[language] ?? kept.meanings.en ?? '';
    await expect(panel.locator('.word-meaning')).toContainText(meaning);

    const box = await panel.boundingBox();
    if (!box) throw new Error('no panel');
    if (width <= 640) {
      // A bottom sheet: the full width, on the bottom edge.
      expect(box.width).toBeCloseTo(width, 0);
      expect(box.y + box.height).toBeCloseTo(height, 0);
    } else {
      const anchor = await word(page, kept).boundingBox();
      if (!anchor) throw new Error('no word');
      expect(Math.abs(box.x - anchor.x)).toBeLessThan(200);
      expect(box.width).toBeLessThan(400);
    }
    await page.screenshot({ path: testInfo.outputPath(`panel-${width}x${height}.png`) });

    // Screen readers: a named dialog, the word a button that says it opens one; axe with it open.
    await expect(word(page, kept)).toHaveAttribute('aria-haspopup', 'dialog');
    expect(await seriousViolations(page, `panel ${language}`)).toEqual([]);

    // Play: the word's recording, or its span of the line in the version being heard.
    const before = (await plays(page)).length;
    await panel.getByRole('button', { name: t('word.play') }).click();
    await expect.poll(async () => (await plays(page)).length).toBeGreaterThan(before);
    const played = (await plays(page)).at(-1);
    expect(played?.inDocument).toBe(false);
    if (kept.vocabulary_id === null) {
      expect(played?.src).toMatch(/lesson-01\.mp3$/);
      expect(played?.time ?? -1).toBeCloseTo(kept.start_time ?? -1, 1);
    }

    // Add to review: the panel says so, and the word is marked in the line, not by colour alone.
    await panel.getByRole('button', { name: t('word.addToReview') }).click();
    await expect(panel.getByRole('status')).toHaveText(new RegExp(t('word.inReview')));
    await expect(word(page, kept)).toHaveClass(/\bknown\b/);
    await expect(word(page, kept)).toContainText(t('word.known'));
    const decoration = await word(page, kept).evaluate(
      (el) => getComputedStyle(el).textDecorationStyle,
    );
    expect(decoration).toBe('dotted');

    // Escape closes the panel, focus goes back to the word and the dialogue plays on.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(word(page, kept)).toBeFocused();
    await expect(page.getByRole('button', { name: t('audio.pause'), exact: true })).toBeVisible();
    await page.getByRole('button', { name: t('audio.pause'), exact: true }).click();

    // The keyboard opens it too (Enter and Space, as a button).
    await word(page, kept).press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await word(page, kept).press(' ');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');

    // The kept word is met in the review.
    await page.goto('/review-flashcards');
    const card = page.locator('main');
    await expect(card).toContainText(new RegExp(`${kept.lemma}|${meaning}`, 'i'), {
      timeout: 15_000,
    });
    // Once answered, the card shows the line the word was kept from, translated.
    await expect(card.locator('.card-example')).toHaveCount(0);
    await page.keyboard.press('1');
    const example = card.locator('.card-example');
    await expect(example.locator('blockquote')).toHaveText(kept.line_text);
    await expect(example).toContainText(t('practice.example'));
    const translation = kept.line_translations[language] ?? kept.line_translations.en ?? '';
    await expect(example.locator('p')).toHaveText(translation);
    await page.screenshot({ path: testInfo.outputPath(`review-${width}x${height}.png`) });
  });
}

/** A word lighting up: the audio's time then, and at the frame before (the last it was not lit). */
type Onset = { id: string; time: number; before: number; rate: number; slow: boolean };

/** Records, as each word lights up, the audio's time then (from the same frame's clock). */
async function watchWords(page: Page): Promise<void> {
  await page.evaluate(() => {
    const onsets: Onset[] = [];
    const frames: { time: number; delta: number; id: string | null; slow: boolean }[] = [];
    Object.assign(window, { e2eOnsets: onsets, e2eFrames: frames });
    const audio = document.querySelector('audio');
    const list = document.querySelector('ol.transcript');
    if (!audio || !list) throw new Error('no player');
    const current = () =>
      list.querySelector('button.word[aria-current="true"]')?.getAttribute('data-token') ?? null;
    let shown: string | null = null;
    // The audio's time at the last two frames sampled, with their frame times: the frame before
    // an onset is the last one sampled in an earlier frame than the onset's.
    let last = { at: -1, time: -1e9 };
    let previous = { at: -1, time: -1e9 };
    new MutationObserver(() => {
      const id = current();
      const media = document.querySelector('audio');
      if (id && id !== shown && media && !media.paused) {
        const now = document.timeline.currentTime;
        onsets.push({
          id,
          time: media.currentTime,
          before: last.at === now ? previous.time : last.time,
          rate: media.playbackRate,
          slow: /-slow\./.test(media.currentSrc),
        });
      }
      shown = id;
    }).observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    const sample = (at: number) => {
      const media = document.querySelector('audio');
      if (media && !media.paused) {
        frames.push({
          time: media.currentTime,
          delta: last.time > -1e8 ? media.currentTime - last.time : 0,
          id: current(),
          slow: /-slow\./.test(media.currentSrc),
        });
        previous = last;
        last = { at, time: media.currentTime };
      } else {
        // A pause, a seek or the other version: no frame before the next onset to judge by.
        previous = last = { at, time: -1e9 };
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

test('the spoken word lights up from its stored times per frame, at every speed and slow', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const t = textsIn('de');
  const { lessonId, tokens } = await lessonOneTokens(page.request);
  const byId = new Map(tokens.map((token) => [token.id, token]));
  await openLessonOne(page, t, 'de', lessonId);
  await watchWords(page);

  const play = async (seconds: number) => {
    await page.getByRole('button', { name: t('audio.play'), exact: true }).click();
    await page.waitForTimeout(seconds * 1000);
    await page.getByRole('button', { name: t('audio.pause'), exact: true }).click();
  };
  // Normal at 1×, then 1.5× and 0.75×, then the slow version at 1×.
  await play(6);
  await page.screenshot({ path: testInfo.outputPath('word-highlight-1440x900.png') });
  const speeds = page.getByRole('group', { name: t('audio.speed') });
  await speeds.getByRole('button', { name: '1,5x' }).click();
  await play(4);
  await speeds.getByRole('button', { name: '0,75x' }).click();
  await play(4);
  await speeds.getByRole('button', { name: '1x' }).click();
  await page.getByRole('button', { name: t('audio.version.slow') }).click();
  await expect(page.locator('audio')).toHaveAttribute('src', /-slow\./);
  await play(6);

  const onsets = await page.evaluate(() => (window as unknown as { e2eOnsets: Onset[] }).e2eOnsets);
  const frames = await page.evaluate(
    () =>
      (
        window as unknown as {
          e2eFrames: { time: number; delta: number; id: string | null; slow: boolean }[];
        }
      ).e2eFrames,
  );
  const lags = onsets.flatMap((onset) => {
    const token = byId.get(onset.id);
    const start = onset.slow ? token?.slow_start_time : token?.start_time;
    return start === null || start === undefined
      ? []
      : [{ ...onset, start, lag: onset.time - start, frame: onset.time - onset.before }];
  });
  expect(lags.length).toBeGreaterThan(10);
  for (const rate of [1, 1.5, 0.75])
    expect(lags.some((l) => l.rate === rate && !l.slow)).toBe(true);
  expect(lags.some((l) => l.slow)).toBe(true);

  // Per frame: the word lit is the one whose stored span holds that frame's clock (none in the
  // pauses); a frame may differ only near a word boundary: within 150 ms of it, or within the
  // audio that frame took (a busy machine's frames can be longer than 150 ms).
  const spanOf = (token: StoredToken | undefined, slow: boolean) =>
    token
      ? slow
        ? [token.slow_start_time, token.slow_end_time]
        : [token.start_time, token.end_time]
      : [null, null];
  const nearBoundary = (
    time: number,
    token: StoredToken | undefined,
    slow: boolean,
    within: number,
  ) => {
    const [start, end] = spanOf(token, slow);
    return [start, end].some((edge) => edge !== null && Math.abs(time - edge) <= within);
  };
  const wrongFrames = frames.filter((frame) => {
    const expected = tokens.find((token) => {
      const [start, end] = spanOf(token, frame.slow);
      return start !== null && end !== null && frame.time >= start && frame.time < end;
    });
    return (expected?.id ?? null) !== frame.id;
  });
  const farFromStored = wrongFrames.filter(
    (frame) =>
      !tokens.some((token) =>
        nearBoundary(frame.time, token, frame.slow, Math.max(0.15, frame.delta + 0.02)),
      ),
  );
  const abs = lags.map((l) => Math.abs(l.lag) * 1000);
  const within50 = abs.filter((ms) => ms <= 50).length;
  const frameMs = lags.map((l) => (l.frame / l.rate) * 1000);
  console.log(
    `load average ${loadavg()[0]?.toFixed(1)}; word onsets: ${lags.length}; |lag| median ${quantile(abs, 0.5).toFixed(1)} ms, p95 ${quantile(abs, 0.95).toFixed(1)} ms, max ${Math.max(...abs).toFixed(1)} ms; within 50 ms: ${within50}/${lags.length}; frame interval at the onsets: median ${quantile(frameMs, 0.5).toFixed(1)} ms, max ${Math.max(...frameMs).toFixed(1)} ms; frames showing another word than the stored times: ${wrongFrames.length}/${frames.length}, of them away from a word boundary: ${farFromStored.length}`,
  );
  for (const lag of lags.filter((l) => Math.abs(l.lag) > 0.05)) {
    console.log(
      `  late: ${byId.get(lag.id)?.text} at ${lag.rate}×${lag.slow ? ' (slow)' : ''}: ${(lag.lag * 1000).toFixed(0)} ms, the frame before at ${((lag.before - lag.start) * 1000).toFixed(0)} ms`,
    );
  }
  // Never early, and lit in the first frame that reached the word's start (the frame before was
  // still before it, give or take 150 ms): the highlight follows the stored times per frame. On
  // a quiet machine frames are ~16 ms apart, so that is within ±50 ms (issue 28 point 6).
  for (const lag of lags) {
    const what = `${byId.get(lag.id)?.text} at ${lag.rate}×${lag.slow ? ' slow' : ''}`;
    expect(lag.lag, what).toBeGreaterThanOrEqual(-0.001);
    expect(lag.before - lag.start, what).toBeLessThanOrEqual(0.15);
  }
  expect(
    farFromStored.map((f) => `${f.time.toFixed(3)}${f.slow ? ' slow' : ''}: ${f.id ?? 'none'}`),
  ).toEqual([]);
  // Within ±50 ms of the stored times (issue 28 point 6), judged as the line's highlight is
  // (lesson-follow.spec.ts): by the median and the third quartile, since a loaded machine can
  // stall a single frame.
  expect(quantile(abs, 0.5)).toBeLessThanOrEqual(50);
  expect(quantile(abs, 0.75)).toBeLessThanOrEqual(50);
});

test('a downloaded lesson carries its words: the panel opens offline and its word plays', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const t = textsIn('en');
  const { lessonId, tokens } = await lessonOneTokens(page.request);
  const kept = wordToKeep(tokens);
  await recordPlays(page);
  await useLanguage(page, 'en');
  await signInIn(page, t, await createLearner(page.request));
  await controlledByWorker(page);
  const card = page.getByRole('region', { name: 'Offline lessons' });
  await card.getByRole('button', { name: /^Download 1\. .* for offline use$/ }).click();
  await expect(page.getByText(/^1\. .* is ready to use offline\.$/)).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: /^1\. / }).click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${lessonId}$`));
  await expect(page.locator('button.word')).toHaveCount(tokens.length);
  await word(page, kept).click();
  const panel = page.getByRole('dialog', { name: kept.text });
  await expect(panel.locator('.word-lemma')).toHaveText(kept.lemma);
  await expect(panel.locator('.word-meaning')).toContainText(kept.meanings.en ?? '');
  const before = (await plays(page)).length;
  await panel.getByRole('button', { name: t('word.play') }).click();
  await expect.poll(async () => (await plays(page)).length).toBeGreaterThan(before);
  // The device's copy of the dialogue (marked for the service worker), not the network's.
  expect((await plays(page)).at(-1)?.src).toContain('magyarul-offline=1');
  await context.setOffline(false);
});

test('a word a lesson note explains shows that note in its panel, in the learner’s language', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const t = textsIn('de');
  const { lessonId, tokens } = await lessonOneTokens(page.request);
  const linked = await serviceClient()
    .from('transcript_tokens')
    .select('id, note:lesson_notes!inner(title_de, body_de)')
    .in(
      'id',
      tokens.map((token) => token.id),
    )
    .not('lesson_note_id', 'is', null)
    .limit(1)
    .single();
  if (linked.error) throw linked.error;
  const token = tokens.find((candidate) => candidate.id === linked.data.id);
  if (!token) throw new Error('no token with a note');
  await openLessonOne(page, t, 'de', lessonId);
  await word(page, token).click();
  const panel = page.getByRole('dialog', { name: token.text });
  await expect(panel).toBeVisible();
  await expect(panel.locator('.word-lesson-note')).toContainText(linked.data.note.title_de ?? '');
  await expect(panel.locator('.word-lesson-note')).toContainText(
    (linked.data.note.body_de ?? '').slice(0, 40),
  );
  await page.screenshot({ path: testInfo.outputPath('panel-note-390x844.png') });
  expect(await seriousViolations(page, 'panel with a note')).toEqual([]);
});
