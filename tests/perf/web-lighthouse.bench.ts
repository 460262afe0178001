// Lighthouse performance and accessibility of /preview, /dashboard and /lesson/:id in Debian
// Chromium against the production build served by the embedded backend, with the desktop preset
// and with Lighthouse's default mobile settings (a phone screen, simulated slow 4G and a 4× slower
// CPU: issue 13), printed side by side. The signed-in pages use the demo learner's session, kept
// across Lighthouse runs. Targets for both: performance ≥ 90, accessibility ≥ 95. Each page and
// form runs five times and the median run is reported, as Lighthouse's variability guide advises:
// one run's score moves by several points with whatever else the machine is doing.
// Playwright signs in and closes; Lighthouse then runs in a Chromium of its own launcher on the same
// profile, as its CLI does, so no test tooling is attached to the pages it measures. The backend
// runs in a process of its own at a lower priority, as a phone's backend is another machine
// (MAGYARUL_LIGHTHOUSE_SERVER=inline: in this process). MAGYARUL_LIGHTHOUSE_PAGES=/lesson and
// MAGYARUL_LIGHTHOUSE_FORMS=mobile narrow a run down. Last, lesson 1 is made a 40-line transcript
// with tokens (every word a button: issue 31 point 5) and measured again ("/lesson/:id 40+tok").
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startWebServer } from './web-server.ts';
import { makeLessonOneLong } from './long-lesson.ts';

const PERFORMANCE_TARGET = 90;
const ACCESSIBILITY_TARGET = 95;
/** Runs per page and form; the median run is the one reported (MAGYARUL_LIGHTHOUSE_RUNS). */
const RUNS = Math.max(1, Number(process.env.MAGYARUL_LIGHTHOUSE_RUNS ?? 5) || 5);

const server = await startWebServer({
  ownProcess: process.env.MAGYARUL_LIGHTHOUSE_SERVER !== 'inline',
});
const profile = mkdtempSync(join(tmpdir(), 'magyarul-lighthouse-'));
let failed = false;
// Total Blocking Time is CPU time on this machine: say how busy it was.
console.log(
  `machine: ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at start`,
);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => localStorage.setItem('magyarul.language', 'en'));
  await page.goto(`${server.url}/auth`);
  await page.getByLabel('Email').fill('learner@magyarul.local');
  await page.getByLabel('Password', { exact: true }).fill('magyarul-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
  const lessonHref = await page.getByRole('link', { name: /^1\. / }).getAttribute('href');
  const lessonPath = lessonHref ?? '/lesson/unknown';
  // The last entry: lesson 1 made a 40-line transcript with tokens (issue 31 point 5) first.
  const LONG = `${lessonPath}#40-lines`;
  const pages = ['/preview', '/dashboard', lessonPath, LONG];
  // The session and the language stay in the profile for the measuring browser.
  await context.close();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
  });
  const port = chrome.port;

  type Row = { label: string; form: string; performance: number; accessibility: number };
  const rows: Row[] = [];
  // MAGYARUL_LIGHTHOUSE_PAGES=/lesson measures only the pages whose label contains it.
  const only = process.env.MAGYARUL_LIGHTHOUSE_PAGES;
  for (const entry of pages) {
    const long = entry === LONG;
    const path = long ? lessonPath : entry;
    const label = long ? '/lesson/:id 40+tok' : path.startsWith('/lesson/') ? '/lesson/:id' : path;
    if (only && !label.includes(only)) continue;
    if (long) {
      const lines = await makeLessonOneLong(server.url, lessonPath.split('/').at(-1) ?? '');
      console.log(`lesson 1 now has ${lines} lines, each with its words as tokens`);
    }
    // undefined: Lighthouse's default config, i.e. mobile with simulated throttling.
    for (const [form, config] of [
      ['desktop', desktopConfig],
      ['mobile', undefined],
    ] as const) {
      const forms = process.env.MAGYARUL_LIGHTHOUSE_FORMS;
      if (forms && !forms.split(',').includes(form)) continue;
      // Lighthouse's own advice on variability: run several times and report the median run
      // (its computeMedianRun, the one LHCI and PageSpeed use), with every run's score shown.
      const runs: RunnerResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        const next = await lighthouse(
          `${server.url}${path}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          config,
        );
        if (next) runs.push(next);
      }
      const median = runs.length > 0 ? computeMedianRun(runs.map((r) => r.lhr)) : undefined;
      const result = runs.find((r) => r.lhr === median);
      // Each run's score with its Total Blocking Time and LCP: a busy machine moves these most.
      const scores = runs
        .map(
          (r) =>
            `${Math.round((r.lhr.categories.performance?.score ?? 0) * 100)} ` +
            `(TBT ${Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms, ` +
            `LCP ${((r.lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1)} s)`,
        )
        .join(', ');
      const categories = result?.lhr.categories;
      const performance = Math.round((categories?.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories?.accessibility?.score ?? 0) * 100);
      const ok = performance >= PERFORMANCE_TARGET && accessibility >= ACCESSIBILITY_TARGET;
      failed ||= !ok;
      rows.push({ label, form, performance, accessibility });
      console.log(
        `${ok ? 'PASS' : 'FAIL'}: ${label.padEnd(12)} ${form.padEnd(7)} performance ${performance} (target ≥ ${PERFORMANCE_TARGET}), accessibility ${accessibility} (target ≥ ${ACCESSIBILITY_TARGET}); median of ${runs.length} runs scoring ${scores}; load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
      );
      const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? '?';
      // Lighthouse's CPU benchmark of this run: about 1000+ on an idle desktop; a busy machine
      // scores far lower and its Total Blocking Time is inflated by as much.
      const benchmark = Math.round(result?.lhr.environment.benchmarkIndex ?? 0);
      console.log(
        `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}; CPU benchmark ${benchmark}`,
      );
      if (performance < PERFORMANCE_TARGET) {
        // Where the main thread went, to know what to fix.
        type Item = {
          group?: string;
          groupLabel?: string;
          url?: string;
          duration?: number;
          total?: number;
        };
        const items = (id: string) =>
          ((result?.lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).slice(
            0,
            4,
          );
        const work = items('mainthread-work-breakdown')
          .map((i) => `${i.groupLabel ?? i.group ?? '?'} ${Math.round(i.duration ?? 0)} ms`)
          .join(', ');
        const scripts = items('bootup-time')
          .map((i) => `${(i.url ?? '?').replace(server.url, '')} ${Math.round(i.total ?? 0)} ms`)
          .join(', ');
        console.log(`  main thread: ${work}`);
        console.log(`  scripts: ${scripts}`);
        type Task = { url?: string; startTime?: number; duration?: number };
        const tasks = (
          (result?.lhr.audits['long-tasks']?.details as { items?: Task[] } | undefined)?.items ?? []
        )
          .slice(0, 6)
          .map(
            (i) =>
              `${(i.url ?? '?').replace(server.url, '')} at ${Math.round(i.startTime ?? 0)} ms for ${Math.round(i.duration ?? 0)} ms`,
          )
          .join(', ');
        console.log(`  long tasks: ${tasks}`);
      }
      if (accessibility < 100 || performance < PERFORMANCE_TARGET) {
        const audits = Object.values(result?.lhr.audits ?? {}).filter(
          (a) =>
            a.score !== null &&
            a.score < (a.scoreDisplayMode === 'binary' ? 1 : 0.5) &&
            (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'),
        );
        for (const audit of audits)
          console.log(`  audit not met: ${audit.id} — ${audit.title} ${audit.displayValue ?? ''}`);
      }
    }
  }

  // Desktop beside mobile, one line per page.
  const cell = (label: string, form: string) => {
    const row = rows.find((r) => r.label === label && r.form === form);
    return row
      ? `${String(row.performance).padStart(4)} / ${String(row.accessibility).padEnd(3)}`
      : '   ? / ?  ';
  };
  console.log(
    `\n${'page'.padEnd(12)}  desktop perf/a11y  mobile perf/a11y  (targets ≥ ${PERFORMANCE_TARGET} / ≥ ${ACCESSIBILITY_TARGET})`,
  );
  for (const label of [...new Set(rows.map((r) => r.label))]) {
    console.log(
      `${label.padEnd(12)}  ${cell(label, 'desktop').padEnd(17)}  ${cell(label, 'mobile')}`,
    );
  }
} finally {
  chrome?.kill();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
