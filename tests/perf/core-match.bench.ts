// Matching 10,000 audio file names against 2,000 vocabulary words: the core matcher (hash maps
// keyed by each normalised form) beside a naive baseline (words × files with the same four
// comparisons), both measured in this run. Prints medians, the ratio and PASS/FAIL vs 100 ms.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { baseName, matchAudioFiles, matchKey } from '@magyarul/core/audio-match';
import type { MatchLevel } from '@magyarul/core/audio-match';
import { mulberry32 } from '@magyarul/core/flashcards';

const TARGET_MS = 100;
const WORDS = 2_000;
const FILES = 10_000;
const WARMUP = 3;
const ITERATIONS = 9;

type Word = { id: string; word_hu: string };
type AudioFile = { name: string };

const syllables = [
  'ka',
  'kö',
  'ré',
  'sze',
  'gy',
  'ő',
  'lá',
  'mű',
  'ví',
  'zs',
  'ny',
  'tü',
  'bo',
  'cs',
  'ú',
  'el',
];

function makeWord(random: () => number): string {
  const parts = 2 + Math.floor(random() * 3);
  let text = '';
  for (let i = 0; i < parts; i++) text += syllables[Math.floor(random() * syllables.length)];
  return random() < 0.1 ? `${text} ${makeWord(random)}` : text;
}

function makeCorpus(): { words: Word[]; files: AudioFile[] } {
  const random = mulberry32(20_260_101);
  const seen = new Set<string>();
  const words: Word[] = [];
  while (words.length < WORDS) {
    const text = makeWord(random);
    if (seen.has(text)) continue;
    seen.add(text);
    words.push({ id: String(words.length), word_hu: text });
  }
  const files: AudioFile[] = [];
  for (let i = 0; i < FILES; i++) {
    // 90 % of the words have one file in some disguise; the other files are unrelated takes.
    const source = i < WORDS * 0.9 ? (words[i] as Word).word_hu : `${makeWord(random)}-take`;
    let name = source;
    const r = random();
    if (r < 0.25) name = name.toUpperCase();
    else if (r < 0.5) name = name.replace(/ /g, '-');
    else if (r < 0.6) name = `${name}!`;
    name = `${name}${random() < 0.5 ? '.mp3' : '.wav'}`;
    files.push({ name: random() < 0.5 ? name.normalize('NFD') : name });
  }
  return { words, files };
}

const levels: readonly MatchLevel[] = ['exact', 'case-insensitive', 'hyphenated', 'letters-only'];

// The obvious implementation: for every level, for every word, scan every file. File keys are
// computed once per level, so the difference measured is the words × files loop itself.
function naiveMatch(words: readonly Word[], files: readonly AudioFile[]): number {
  const taken = new Set<number>();
  const done = new Set<number>();
  const bases = files.map((file) => baseName(file.name));
  for (const level of levels) {
    const fileKeys = bases.map((base) => matchKey(base, level));
    for (let w = 0; w < words.length; w++) {
      if (done.has(w)) continue;
      const key = matchKey((words[w] as Word).word_hu, level);
      if (key === '') continue;
      for (let f = 0; f < fileKeys.length; f++) {
        if (!taken.has(f) && fileKeys[f] === key) {
          taken.add(f);
          done.add(w);
          break;
        }
      }
    }
  }
  return done.size;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function measure(run: () => number, warmup: number, iterations: number): number {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

const { words, files } = makeCorpus();
const matched = matchAudioFiles(words, files).matched.length;
const core = measure(() => matchAudioFiles(words, files).matched.length, WARMUP, ITERATIONS);
// The baseline takes seconds, so it gets one warm-up and three timed runs.
const naive = measure(() => naiveMatch(words, files), 1, 3);

console.log(`audio matching: ${FILES} files × ${WORDS} words (${matched} matched)`);
// Wall-clock medians depend on what else the machine runs; the load makes a slow run readable.
const load = (loadavg()[0] ?? 0).toFixed(1);
console.log(`  machine        load ${load} on ${availableParallelism()} CPUs`);
console.log(`  core matcher   median ${core.toFixed(1)} ms over ${ITERATIONS} runs`);
console.log(`  naive baseline median ${naive.toFixed(1)} ms over 3 runs`);
console.log(`  ratio          ${(naive / core).toFixed(0)}× faster`);
const pass = core < TARGET_MS;
console.log(`  ${pass ? 'PASS' : 'FAIL'}: core matcher under ${TARGET_MS} ms`);
if (!pass) process.exitCode = 1;
