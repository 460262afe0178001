import type { Page } from '@playwright/test';
import { createLearner, expect, test } from './support.ts';
import {
  lessonIds,
  lessonLines,
  signInIn,
  textsIn,
  useLanguage,
  type Language,
  type SeedLine,
  type Texts,
  whenPlayingAgain,
} from './day-support.ts';

// Issue 29 point 1: the lesson follows the voice. The player's controls stay pinned while the
// transcript scrolls, the line being heard is kept in view (above the pinned controls) unless
// the learner scrolled by hand in the last few seconds (then "Back to the current line"), the
// highlight follows the audio clock per frame, and switching normal ↔ slow plays on from the
// same line. At 390×844 in German and at 1440×900 in Spanish.

type Sample = { index: number; inView: boolean; sinceChange: number; scrollY: number };
type Watch = { samples: Sample[]; lags: number[] };

/** Lets a smooth scroll to a new line finish before the line must be in view. */
const SCROLL_GRACE_MS = 1000;

/**
 * Samples, every animation frame, which line is current and whether it lies in view (inside the
 * window and above the pinned controls), and records by how much the highlight lagged the audio
 * each time it moved on to the next line (the audio's time then, minus the line's start).
 */
async function watchTranscript(page: Page, lines: readonly SeedLine[]): Promise<void> {
  await page.evaluate(
    (starts) => {
      const watch: Watch = { samples: [], lags: [] };
      Object.assign(window, { followWatch: watch });
      const audio = document.querySelector('audio');
      const list = document.querySelector('ol.transcript');
      const dock = document.querySelector('[data-pinned]');
      if (!audio || !list || !dock) throw new Error('no player');
      const buttons = () => Array.from(list.querySelectorAll('.transcript-line'));
      let current = -1;
      let changedAt = performance.now();
      new MutationObserver(() => {
        const index = buttons().findIndex((b) => b.getAttribute('aria-current') === 'true');
        if (index === current) return;
        if (index === current + 1 && !audio.paused) {
          watch.lags.push(audio.currentTime - (starts[index] ?? 0));
        }
        current = index;
        changedAt = performance.now();
      }).observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
      const sample = () => {
        const line = buttons()[current];
        if (line && !audio.paused) {
          const rect = line.getBoundingClientRect();
          const bottom = Math.min(window.innerHeight, dock.getBoundingClientRect().top);
          watch.samples.push({
            index: current,
            inView: rect.top >= 0 && rect.bottom <= bottom,
            sinceChange: performance.now() - changedAt,
            scrollY: window.scrollY,
          });
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    },
    lines.map((line) => line.start_time),
  );
}

async function watched(page: Page): Promise<Watch> {
  return page.evaluate(() => (window as unknown as { followWatch: Watch }).followWatch);
}

/** The line being heard (its index), from the transcript's aria-current. */
async function currentLine(page: Page): Promise<number> {
  return page
    .locator('ol.transcript .transcript-line')
    .evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-current') === 'true'));
}

async function openLessonOne(page: Page, t: Texts, language: Language): Promise<SeedLine[]> {
  await useLanguage(page, language);
  await signInIn(page, t, await createLearner(page.request));
  const id = (await lessonIds(page.request)).get(1) ?? '';
  await page.getByRole('link', { name: /^1\. / }).click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${id}$`));
  await expect(page.getByRole('button', { name: t('audio.play') })).toBeEnabled();
  return lessonLines(page.request, id);
}

/** The pinned controls: on screen, at the bottom of the window, before anything is scrolled. */
async function expectPinnedAtBottom(page: Page, t: Texts): Promise<void> {
  const viewport = page.viewportSize();
  const play = await page.getByRole('button', { name: t('audio.play') }).boundingBox();
  const dock = await page.locator('[data-pinned]').boundingBox();
  if (!viewport || !play || !dock) throw new Error('no player controls');
  expect(play.y + play.height).toBeLessThanOrEqual(viewport.height);
  expect(dock.y + dock.height).toBeCloseTo(viewport.height, 0);
  // Lines lie under the pinned controls: the transcript is longer than the first screen.
  const last = await page.locator('ol.transcript .transcript-line').last().boundingBox();
  expect(last?.y ?? 0).toBeGreaterThan(dock.y);
}

/** Every sample after a line's scroll had time to finish showed the line in view. */
function expectAlwaysInView(samples: readonly Sample[]): void {
  const settled = samples.filter((s) => s.sinceChange > SCROLL_GRACE_MS);
  expect(settled.length).toBeGreaterThan(60);
  expect(settled.filter((s) => !s.inView)).toEqual([]);
  expect(Math.max(...samples.map((s) => s.scrollY))).toBeGreaterThan(0);
}

test.describe('the lesson follows the voice', () => {
  test('phone, German: the line in view while playing, a hand scroll is left alone, slow plays on from the same line', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const t = textsIn('de');
    const lines = await openLessonOne(page, t, 'de');
    await expectPinnedAtBottom(page, t);

    await watchTranscript(page, lines);
    const speeds = page.getByRole('group', { name: t('audio.speed') }).getByRole('button');
    await speeds.filter({ hasText: /^1,5x$/ }).click();
    await page.getByRole('button', { name: t('audio.play') }).click();
    const linesBelow = 6;
    await expect.poll(() => currentLine(page), { timeout: 30_000 }).toBeGreaterThan(linesBelow);
    expectAlwaysInView((await watched(page)).samples);

    // Scrolled away by hand: the page stays where the learner put it and offers the way back.
    await page.mouse.move(195, 300);
    await page.mouse.wheel(0, -3000);
    const back = page.getByRole('button', { name: t('audio.backToLine') });
    await expect(back).toBeVisible();
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(back).toBeVisible();
    await back.click();
    await expect(back).toBeHidden();
    await expect(
      page.locator('ol.transcript .transcript-line[aria-current="true"]'),
    ).toBeInViewport({
      ratio: 1,
    });

    // The slow recording plays on from the start of the line being heard.
    let resumed = whenPlayingAgain(page);
    await page.getByRole('button', { name: t('audio.version.slow') }).click();
    await expect(page.locator('audio')).toHaveAttribute('src', /-slow\.mp3$/);
    const slow = await resumed;
    expect(slow.line).toBe(slow.clicked);
    expect(slow.time).toBeCloseTo(lines[slow.clicked]?.slow_start_time ?? -1, 1);
    await expect(page.getByRole('button', { name: t('audio.pause') })).toBeVisible();
    // And back to the normal recording: playing on, from the line being heard then.
    resumed = whenPlayingAgain(page);
    await page.getByRole('button', { name: t('audio.version.normal') }).click();
    const normal = await resumed;
    expect(normal.line).toBe(normal.clicked);
    expect(normal.time).toBeCloseTo(lines[normal.clicked]?.start_time ?? -1, 1);
    await expect(page.getByRole('button', { name: t('audio.pause') })).toBeVisible();
  });

  test('desktop, Spanish: pinned controls, the line in view, the highlight within 50 ms of the voice, following again after a hand scroll', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const t = textsIn('es');
    const lines = await openLessonOne(page, t, 'es');
    // Translations under each line: a transcript taller than the window.
    await page.getByRole('switch', { name: t('transcript.showTranslations') }).check();
    await expectPinnedAtBottom(page, t);

    await watchTranscript(page, lines);
    await page.getByRole('button', { name: t('audio.play') }).click();
    await expect.poll(() => currentLine(page), { timeout: 30_000 }).toBeGreaterThan(7);
    const watch = await watched(page);
    expectAlwaysInView(watch.samples);
    // Per animation frame, not per timeupdate (every 160–290 ms).
    expect(watch.lags.length).toBeGreaterThan(5);
    const sorted = [...watch.lags].sort((a, b) => a - b);
    // (A frame can stall on a loaded machine: the median and the third quartile, not the worst;
    // driven by timeupdate they were 134 and about 200 ms.)
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(0.05);
    expect(sorted[Math.floor((sorted.length * 3) / 4)]).toBeLessThan(0.1);

    // A hand scroll is honoured for a few seconds, then the line is followed again.
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, -3000);
    await expect(page.getByRole('button', { name: t('audio.backToLine') })).toBeVisible();
    await expect(
      page.locator('ol.transcript .transcript-line[aria-current="true"]'),
    ).toBeInViewport({
      ratio: 1,
      timeout: 8_000,
    });
    await expect(page.getByRole('button', { name: t('audio.backToLine') })).toBeHidden();
  });
});
