// A 60-minute recording with 700 transcript lines, opened in Debian Chromium through the test
// harness: time from opening the lesson to the waveform drawn from stored peaks (target < 1 s),
// and the time to create the 700 regions (target < 100 ms), both read in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../test/harness/browser.ts';
import { startHarness } from '../test/harness/server.ts';
import { ensureStudioBuilt } from './ensure-built.ts';
import { writeBenchLessons } from './generate.ts';

const READY_TARGET_MS = 1000;
const REGIONS_TARGET_MS = 100;
const LINES = 700;

export async function run(): Promise<boolean> {
  ensureStudioBuilt();
  const base = mkdtempSync(join(tmpdir(), 'bench-wave-'));
  const root = join(base, 'lessons');
  writeBenchLessons(root, 1, { dialogueSeconds: 3600, lines: LINES });
  const harness = await startHarness({ dataDir: join(base, 'data'), root });
  const browser = await launchChromium();
  try {
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](root);
    const page = await browser.newPage();
    await page.goto(harness.url);
    const button = page.getByRole('button', { name: 'Lecke 1', exact: false });
    await button.waitFor();
    const readyMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if (document.querySelector('[data-testid="waveform"][data-ready="true"]')) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          const target = [...document.querySelectorAll('button.lesson-open')].find(
            (b) => b.querySelector('.lesson-title')?.textContent === 'Lecke 1',
          );
          (target as HTMLElement | undefined)?.click();
        }),
    );
    await page
      .locator(`[data-testid="waveform"][data-regions="${LINES}"]`)
      .waitFor({ timeout: 30_000 });
    const regionsMs = await page.evaluate(
      () => performance.getEntriesByName('studio:regions').at(-1)?.duration ?? Number.NaN,
    );
    const peaks = await harness.studio.handlers['drafts:peaks'](1);
    const phases = await page.evaluate(async () => {
      const bridge = (
        window as unknown as {
          studio: {
            getPeaks: (id: number) => Promise<unknown>;
            getDraft: (id: number) => Promise<unknown>;
          };
        }
      ).studio;
      let t = performance.now();
      await bridge.getPeaks(1);
      const peaksMs = performance.now() - t;
      t = performance.now();
      await bridge.getDraft(1);
      return {
        peaksMs,
        draftMs: performance.now() - t,
        drawMs:
          performance.getEntriesByName('studio:waveform-ready').at(-1)?.duration ?? Number.NaN,
      };
    });
    console.log(
      `  phases: peaks over the bridge ${phases.peaksMs.toFixed(0)} ms, draft ${phases.draftMs.toFixed(0)} ms, ` +
        `wavesurfer draw ${phases.drawMs.toFixed(0)} ms`,
    );
    const readyOk = readyMs < READY_TARGET_MS;
    const regionsOk = regionsMs < REGIONS_TARGET_MS;
    const machine = `${availableParallelism()} CPUs, load ${loadavg()[0]?.toFixed(1)}`;
    console.log(
      `60-minute waveform (${Math.round((peaks?.duration ?? 0) * (peaks?.peaksPerSecond ?? 0))} stored peaks) ready in ${readyMs.toFixed(0)} ms ` +
        `(target < ${READY_TARGET_MS} ms, ratio ${(readyMs / READY_TARGET_MS).toFixed(2)}; ${machine}) ${readyOk ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `${LINES} regions created in ${regionsMs.toFixed(1)} ms ` +
        `(target < ${REGIONS_TARGET_MS} ms, ratio ${(regionsMs / REGIONS_TARGET_MS).toFixed(2)}) ${regionsOk ? 'PASS' : 'FAIL'}`,
    );
    return readyOk && regionsOk;
  } finally {
    await browser.close();
    await harness.close();
    rmSync(base, { recursive: true, force: true });
  }
}
