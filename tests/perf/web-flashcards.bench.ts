// Time from answering a flashcard to the next card being on screen, in Debian Chromium against
// the production build: the answer key, then Enter, until the next question is rendered and a
// frame has been painted. Measured inside the page with performance.now() over 20+ cards of the
// demo lesson (wrong answers, so each session ends in Try Again and a fresh set of cards).
// Typed cards (issue 30): the demo learner's recall cards in lesson 1's Practice tab. Two steps
// are measured apart: Enter on the typed answer until the verdict (core's check, the marked
// difference) is painted, and Enter on Continue (the answer graded and queued) until the next
// card is painted: answer → next card.
// Target for both answer → next card medians, and for the typed check: < 50 ms.
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startWebServer } from './web-server.ts';

const TARGET_MS = 50;
const SAMPLES = 21;

// Runs in the page. A string, not a function: tsx's name helpers do not exist in the browser.
const MEASURE_ONE_CARD = `(async () => {
  const question = () => document.querySelector('.flashcard-question')?.textContent ?? '';
  const label = () => document.querySelector('.flashcard')?.getAttribute('aria-label');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const before = question();
  const beforeLabel = label();
  const start = performance.now();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
  while (!document.querySelector('.option:disabled')) await frame();
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  while (label() === beforeLabel && question() === before) await frame();
  const end = await frame();
  return end - start;
})()`;

// A typed card: the answer typed, Enter (Check) until the verdict shows, Enter (Continue) until
// the next card (or the end of the round) is painted.
const MEASURE_ONE_TYPED_CARD = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const card = () => document.querySelector('.practice-card');
  const label = () => card()?.getAttribute('aria-label');
  const input = document.querySelector('.answer-box');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setValue.call(input, 'kérem');
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await frame();
  const beforeLabel = label();
  const start = performance.now();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  while (!document.querySelector('.flashcard-feedback > *')) await frame();
  const checked = await frame();
  await frame();
  const next = performance.now();
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  while (card() && label() === beforeLabel) await frame();
  const end = await frame();
  return [checked - start, end - next];
})()`;

function report(name: string, samples: number[]): boolean {
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  const p95 = samples[Math.floor(samples.length * 0.95)] ?? Number.NaN;
  console.log(
    `${name} (${samples.length} cards): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(samples.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(`median / target: ${(median / TARGET_MS).toFixed(2)}`);
  console.log(
    `${median < TARGET_MS ? 'PASS' : 'FAIL'}: ${name} median ${median.toFixed(1)} ms (target < ${TARGET_MS} ms)`,
  );
  return median < TARGET_MS;
}

/** The demo learner's recall cards (lesson 1's Practice tab), a round after another. */
async function typedSamples(page: Page, url: string): Promise<{ check: number[]; next: number[] }> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email').fill('learner@magyarul.local');
  await page.getByLabel('Password', { exact: true }).fill('magyarul-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
  const lesson = await page.getByRole('link', { name: /^1\. / }).getAttribute('href');
  await page.goto(`${url}${lesson ?? ''}`);
  await page.getByRole('tab', { name: 'Practice' }).click();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Write the word' }) })
    .getByRole('button', { name: 'Start' })
    .click();
  const check: number[] = [];
  const next: number[] = [];
  while (next.length < SAMPLES) {
    const again = page.getByRole('button', { name: 'Practise again' });
    await Promise.race([again.waitFor(), page.locator('.practice-card .answer-box').waitFor()]);
    if (await again.isVisible()) {
      await again.click();
      continue;
    }
    const [toVerdict, toNext] = await page.evaluate<[number, number]>(MEASURE_ONE_TYPED_CARD);
    check.push(toVerdict);
    next.push(toNext);
  }
  return { check, next };
}

const server = await startWebServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  await page.addInitScript(() => localStorage.setItem('magyarul.language', 'en'));
  await page.goto(`${server.url}/lesson-demo`);
  await page.getByRole('button', { name: 'Mark as Complete (Demo)' }).click();
  const samples: number[] = [];
  while (samples.length < SAMPLES) {
    const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
    await card.waitFor();
    const label = (await card.getAttribute('aria-label')) ?? '';
    const [, n, total] = /Card (\d+) of (\d+)/.exec(label) ?? [];
    if (n === total) {
      // Last card: answer it wrongly, open the results and start a new session.
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      const tryAgain = page.getByRole('button', { name: 'Try Again' });
      const passed = page.getByRole('heading', { name: 'Lesson passed!' });
      await Promise.race([tryAgain.waitFor(), passed.waitFor()]);
      if (await tryAgain.isVisible()) await tryAgain.click();
      else
        await page
          .goto(`${server.url}/lesson-demo`)
          .then(() => page.getByRole('button', { name: 'Mark as Complete (Demo)' }).click());
      continue;
    }
    const ms = await page.evaluate<number>(MEASURE_ONE_CARD);
    samples.push(ms);
  }
  const flashcards = report('answer → next card', samples);
  const typedPage = await browser.newPage();
  await typedPage.addInitScript(() => localStorage.setItem('magyarul.language', 'en'));
  const typed = await typedSamples(typedPage, server.url);
  const verdict = report('typed answer checked → verdict shown', typed.check);
  const typedNext = report('typed answer → next card', typed.next);
  process.exitCode = flashcards && verdict && typedNext ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
}
