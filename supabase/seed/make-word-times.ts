// Regenerates content/word-times.json: where every word of every line is spoken in each rendering
// of each seed dialogue (slow, normal, natural), by the studio's aligner (`npm run align`: eSpeak
// NG reference, DTW over MFCCs), run over the committed MP3s with each line anchored at its exact
// time from timings.json, so only the words are placed, inside their line.
//
// The MP3s start late: lame puts 1105 samples (576 of encoder delay, 529 of decoder delay; 69 ms
// at 16 kHz) in front of the audio, and the decoders here do not remove them (measured: a line
// synthesised, encoded as make-audio does and decoded lags the original by exactly 1105 samples).
// The aligner cuts them first (--delay), so word times share the time base of timings.json's
// line times. Run after make-audio.ts: `npx tsx supabase/seed/make-word-times.ts [lesson…]`
// (about 8 s per rendering; two at a time).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIO_DIR, loadTimings } from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import type { RenderingTimings } from './content/types.ts';
import type { Rendering, WordTimes } from './content/word-times.ts';
import { LAME_DELAY_SECONDS, RENDERINGS, WORD_TIMES_FILE } from './content/word-times.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type AlignedJson = {
  readonly lines: readonly {
    readonly words: readonly { text: string; start: number; end: number }[];
  }[];
};

function run(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'align', '--', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run align ${args.join(' ')}: exit ${code}`)),
    );
  });
}

const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

async function alignRendering(
  dir: string,
  lessonNumber: number,
  rendering: Rendering,
  timing: RenderingTimings,
): Promise<[number, number][][]> {
  const lesson = LESSONS.find((l) => l.number === lessonNumber);
  if (!lesson) throw new Error(`no lesson ${lessonNumber}`);
  const base = join(dir, `${lessonNumber}-${rendering}`);
  writeFileSync(
    `${base}.csv`,
    `speaker,text\n${lesson.lines.map(([speaker, text]) => `${speaker},${csvCell(text)}`).join('\n')}\n`,
  );
  writeFileSync(`${base}.anchors.json`, JSON.stringify(timing.lines));
  await run([
    join(AUDIO_DIR, 'lessons', timing.file),
    `${base}.csv`,
    '--anchors',
    `${base}.anchors.json`,
    '--delay',
    String(LAME_DELAY_SECONDS),
    '--json',
    `${base}.json`,
  ]);
  const aligned = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as AlignedJson;
  return aligned.lines.map((line) => line.words.map((w) => [w.start, w.end]));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).map(Number);
  const timings = loadTimings();
  let existing: WordTimes | null = null;
  try {
    existing = JSON.parse(readFileSync(WORD_TIMES_FILE, 'utf8')) as WordTimes;
  } catch {
    existing = null;
  }
  const lessons: Record<string, WordTimes['lessons'][string]> = { ...(existing?.lessons ?? {}) };
  const dir = mkdtempSync(join(tmpdir(), 'word-times-'));
  try {
    const jobs = LESSONS.filter((l) => only.length === 0 || only.includes(l.number));
    const queue = jobs.slice();
    const worker = async () => {
      for (let lesson = queue.shift(); lesson; lesson = queue.shift()) {
        const timing = timings.lessons[String(lesson.number)];
        if (!timing) throw new Error(`no timings for lesson ${lesson.number}`);
        const byRendering = { normal: timing, slow: timing.slow, natural: timing.natural };
        const entry: Record<string, [number, number][][]> = {};
        for (const rendering of RENDERINGS) {
          entry[rendering] = await alignRendering(
            dir,
            lesson.number,
            rendering,
            byRendering[rendering],
          );
        }
        lessons[String(lesson.number)] = {
          hash: timing.hash,
          normal: entry.normal ?? [],
          slow: entry.slow ?? [],
          natural: entry.natural ?? [],
        };
        console.log(`lesson ${lesson.number}: aligned`);
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = Object.fromEntries(
    Object.entries(lessons).sort(([a], [b]) => Number(a) - Number(b)),
  );
  const out: WordTimes = {
    generator: `npm run align (eSpeak NG reference, DTW over MFCCs), lines anchored at timings.json, lame delay ${LAME_DELAY_SECONDS} s cut`,
    lessons: sorted,
  };
  writeFileSync(WORD_TIMES_FILE, `${JSON.stringify(out)}\n`);
  console.log(`wrote ${WORD_TIMES_FILE}`);
}

await main();
