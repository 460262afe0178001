import type { Page } from '@playwright/test';
import { grammarNote, type GrammarNote } from '@magyarul/core/grammar';
import { createLearner, expect, test } from './support.ts';
import { signInIn, textsIn, useLanguage, type Language, type Texts } from './day-support.ts';
import { seriousViolations } from './axe-support.ts';
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
    tokens.find((t) => t.glossary_id !== null && t.vocabulary_id === null && !t.is_name) ??
    tokens.find((t) => t.vocabulary_id !== null && !t.is_name);
  if (!kept) throw new Error('lesson 1 has no word to keep');
  return kept;
}

async function openLessonOne(page: Page, t: Texts, language: Language, lessonId: string) {
  await useLanguage(page, language);
  await signInIn(page, t, await createLearner(page.request));
  await page.goto(`/lesson/${lessonId}`);
  await expect(page.getByRole('button', { name: t('audio.play') })).toBeEnabled();
}

const word = (page: Page, token: StoredToken) => page.locator(`button.word[data-token="${token.id}"]`);

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
    await openLessonOne(page, t, language, lessonId);

    // Every word of every line is a button; names too.
    const transcript = page.getByRole('list', { name: t('audio.transcript') });
    await expect(transcript.locator('button.word')).toHaveCount(tokens.length);

    // The dialogue plays; a tap on the word pauses it and opens the panel beside the word (a
    // bottom sheet on a phone).
    await page.getByRole('button', { name: t('audio.play') }).click();
    await expect(page.getByRole('button', { name: t('audio.pause') })).toBeVisible();
    await word(page, kept).click();
    const panel = page.getByRole('dialog', { name: kept.text });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: t('audio.play') })).toBeVisible();
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await expect(word(page, kept)).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByText(kept.lemma, { exact: true })).toBeVisible();
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
    await expect(page.getByRole('button', { name: t('audio.pause') })).toBeVisible();
    await page.getByRole('button', { name: t('audio.pause') }).click();

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
    await expect(card).toContainText(
      new RegExp(`${kept.lemma}|${meaning}`, 'i'),
      { timeout: 15_000 },
    );
    await page.screenshot({ path: testInfo.outputPath(`review-${width}x${height}.png`) });
  });
}

type Onset = { id: string; time: number; rate: number; slow: boolean };

/** Records, as each word lights up, the audio's time then (from the same frame's clock). */
async function watchWords(page: Page): Promise<void> {
  await page.evaluate(() => {
    const onsets: Onset[] = [];
    const frames: { time: number; id: string | null; slow: boolean }[] = [];
    Object.assign(window, { e2eOnsets: onsets, e2eFrames: frames });
    const audio = document.querySelector('audio');
    const list = document.querySelector('ol.transcript');
    if (!audio || !list) throw new Error('no player');
    const current = () =>
      list.querySelector('button.word[aria-current="true"]')?.getAttribute('data-token') ?? null;
    let shown: string | null = null;
    new MutationObserver(() => {
      const id = current();
      const media = document.querySelector('audio');
      if (id && id !== shown && media && !media.paused) {
        onsets.push({
          id,
          time: media.currentTime,
          rate: media.playbackRate,
          slow: /-slow\./.test(media.currentSrc),
        });
      }
      shown = id;
    }).observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    const sample = () => {
      const media = document.querySelector('audio');
      if (media && !media.paused) {
        frames.push({ time: media.currentTime, id: current(), slow: /-slow\./.test(media.currentSrc) });
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

test('the spoken word lights up within ±150 ms of its stored times, at every speed and slow', async ({
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
    await page.getByRole('button', { name: t('audio.play') }).click();
    await page.waitForTimeout(seconds * 1000);
    await page.getByRole('button', { name: t('audio.pause') }).click();
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
      (window as unknown as { e2eFrames: { time: number; id: string | null; slow: boolean }[] })
        .e2eFrames,
  );
  const lags = onsets.flatMap((onset) => {
    const token = byId.get(onset.id);
    const start = onset.slow ? token?.slow_start_time : token?.start_time;
    return start === null || start === undefined ? [] : [{ ...onset, lag: onset.time - start }];
  });
  expect(lags.length).toBeGreaterThan(10);
  for (const rate of [1, 1.5, 0.75]) expect(lags.some((l) => l.rate === rate && !l.slow)).toBe(true);
  expect(lags.some((l) => l.slow)).toBe(true);

  // Per frame: the word lit is the one whose stored span holds the clock (none in pauses).
  const wrongFrames = frames.filter((frame) => {
    const expected = tokens.find((token) => {
      const [start, end] = frame.slow
        ? [token.slow_start_time, token.slow_end_time]
        : [token.start_time, token.end_time];
      return start !== null && end !== null && frame.time >= start && frame.time < end;
    });
    return (expected?.id ?? null) !== frame.id;
  });
  const abs = lags.map((l) => Math.abs(l.lag) * 1000);
  const within50 = abs.filter((ms) => ms <= 50).length;
  console.log(
    `word onsets: ${lags.length}; |lag| median ${quantile(abs, 0.5).toFixed(1)} ms, p95 ${quantile(abs, 0.95).toFixed(1)} ms, max ${Math.max(...abs).toFixed(1)} ms; within 50 ms: ${within50}/${lags.length}; frames with another word lit than the stored times say: ${wrongFrames.length}/${frames.length}`,
  );
  for (const lag of lags) expect(Math.abs(lag.lag), `${byId.get(lag.id)?.text} at ${lag.rate}×`).toBeLessThanOrEqual(0.15);
  // The issue's ±50 ms (issue 28 point 6): every onset, judged by the frame that showed it.
  expect(within50).toBe(lags.length);
});
