// Time from answering a flashcard to the next card being on screen, in Debian Chromium against
// the production build: the answer key, then Enter, until the next question is rendered and a
// frame has been painted. Measured inside the page with performance.now() over 20+ cards of the
// demo lesson (wrong answers, so each session ends in Try Again and a fresh set of cards).
// Target: median < 50 ms.
import { chromium } from 'playwright-core';
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
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  const p95 = samples[Math.floor(samples.length * 0.95)] ?? Number.NaN;
  console.log(
    `answer → next card (${samples.length} cards): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(samples.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(`median / target: ${(median / TARGET_MS).toFixed(2)}`);
  console.log(
    `${median < TARGET_MS ? 'PASS' : 'FAIL'}: answer → next card median ${median.toFixed(1)} ms (target < ${TARGET_MS} ms)`,
  );
  process.exitCode = median < TARGET_MS ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
}
