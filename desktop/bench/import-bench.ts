// Importing 50 lesson folders (3-minute dialogue, 15 word files each) in the import worker, as
// the app does: CSV validation, matching, probing every file, peaks of every dialogue, SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDraftsStore } from '../src/main/services/drafts/drafts-store.ts';
import { runImportInWorker } from '../src/main/services/importer/run-import.ts';
import { writeBenchLessons } from './generate.ts';

const TARGET_MS = 30_000;
const LESSONS = 50;

/** The built worker the app ships (npm run build -w desktop), else the source under tsx. */
function worker() {
  const built = new URL('../out/main/import-worker.js', import.meta.url);
  if (existsSync(built)) return { url: built };
  return {
    url: new URL('../src/main/services/importer/import-worker.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
  };
}

export async function run(): Promise<boolean> {
  const base = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const root = join(base, 'lessons');
    let started = performance.now();
    writeBenchLessons(root, LESSONS, { dialogueSeconds: 180, lines: 40 });
    console.log(
      `generated ${LESSONS} folders in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured)`,
    );
    const dbFile = join(base, 'drafts.sqlite');
    openDraftsStore(dbFile).db.close();
    started = performance.now();
    const cpu = process.cpuUsage();
    const report = await runImportInWorker(worker(), { root, dbFile }, () => undefined);
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const store = openDraftsStore(dbFile);
    const lessons = store.lessons.list();
    const withPeaks = lessons.filter((l) => store.media.peaksHash(l.id) !== undefined).length;
    const matched = lessons.reduce((sum, l) => sum + l.matchedWordCount, 0);
    store.db.close();
    const ok = elapsed < TARGET_MS && report.lessons.length === LESSONS && withPeaks === LESSONS;
    console.log(
      `import of ${report.lessons.length} lessons (${withPeaks} with peaks, ${matched} words matched, ` +
        `${report.issues.length} issues) on ${availableParallelism()} CPUs, load ${loadavg()[0]?.toFixed(1)}: ${(elapsed / 1000).toFixed(2)} s ` +
        `(target < ${TARGET_MS / 1000} s, ratio ${(elapsed / TARGET_MS).toFixed(2)}; ` +
        `CPU in this process ${((used.user + used.system) / 1e6).toFixed(1)} s, decoding included) ${ok ? 'PASS' : 'FAIL'}`,
    );
    return ok;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
