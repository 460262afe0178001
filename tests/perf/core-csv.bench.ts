// Benchmark (issue 2, acceptance 15): validating a 100,000-row vocabulary CSV with core's
// papaparse-based validator against a naive split-based baseline, measured in the same run.
// Target: median under 1 s. Run with `npm run bench` (or `npm run bench core-csv`).
import { availableParallelism, loadavg } from 'node:os';
import { parseVocabularyCsv } from '@magyarul/core/csv';

const ROWS = 100_000;
const WARM_UP = 3;
const ITERATIONS = 10;
const TARGET_MS = 1000;

const stems = ['alma', 'kör', 'kór', 'őszibarack', 'gyűrű', 'szép', 'könyv', 'víz', 'ház', 'út'];
const meanings = ['apple', 'circle', 'disease', 'peach', 'ring', 'beautiful', 'book', 'water'];
const difficulties = ['beginner', 'Intermediate', 'ADVANCED'];

/** A realistic file: Hungarian letters, mixed-case difficulty, every 10th meaning quoted. */
function generateCsv(rows: number): string {
  const lines = ['word_hu,word_en,difficulty'];
  for (let i = 0; i < rows; i++) {
    const hu = `${stems[i % stems.length]}${i}`;
    const meaning = meanings[i % meanings.length] ?? 'word';
    const en = i % 10 === 0 ? `"${meaning}, ${i}"` : `${meaning} ${i}`;
    lines.push(`${hu},${en},${difficulties[i % difficulties.length]}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

type NaiveRow = Record<string, string>;

/** The spec's original approach: split lines and commas, strip quotes, check each row. */
function naiveValidate(text: string): { items: NaiveRow[]; errors: string[] } {
  const required = ['word_hu', 'word_en', 'difficulty'];
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return { items: [], errors: ['CSV must have header + data rows'] };
  const headers = (lines[0] ?? '')
    .split(',')
    .map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const missing = required.filter((c) => !headers.includes(c));
  if (missing.length > 0) return { items: [], errors: [`Missing columns: ${missing.join(', ')}`] };
  const items: NaiveRow[] = [];
  const errors: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const values = (lines[i] ?? '').split(',').map((v) => v.trim().replace(/^"|"$/g, ''));
    const row: NaiveRow = Object.fromEntries(headers.map((h, j) => [h, values[j] ?? '']));
    const empty = required.filter((c) => !row[c]);
    if (empty.length > 0) {
      errors.push(`Row ${i + 1}: Missing ${empty.join(', ')}`);
      continue;
    }
    const difficulty = (row.difficulty ?? '').toLowerCase();
    if (!['beginner', 'intermediate', 'advanced'].includes(difficulty)) {
      errors.push(`Row ${i + 1}: Invalid difficulty '${row.difficulty ?? ''}'`);
      continue;
    }
    items.push(row);
  }
  return { items, errors };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

type Sample = { wall: number; cpu: number };

// Wall time is what a user waits; CPU time (user + system of this process) is printed beside it
// because it stays meaningful when other work is competing for the machine.
function time(fn: () => unknown): Sample {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  fn();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const text = generateCsv(ROWS);
const bytes = new TextEncoder().encode(text);
const candidates = {
  'core (string)': () => parseVocabularyCsv(text),
  'core (UTF-8 bytes)': () => parseVocabularyCsv(bytes),
  'naive baseline (string)': () => naiveValidate(text),
} as const;
type Name = keyof typeof candidates;
const names = Object.keys(candidates) as Name[];

// Sanity: core accepts every row (the naive split cannot keep the quoted commas, see below).
const ours = parseVocabularyCsv(text);
const naive = naiveValidate(text);
if (ours.items.length !== ROWS || ours.issues.length !== 0) {
  console.error(`core accepted ${ours.items.length} rows with ${ours.issues.length} issues`);
  process.exit(1);
}
// The naive split turns '"apple, 10"' into two cells, so those rows fail its checks.
const naiveLost = ROWS - naive.items.length;

for (let i = 0; i < WARM_UP; i++) for (const name of names) candidates[name]();
const samples = Object.fromEntries(names.map((n) => [n, [] as Sample[]])) as Record<Name, Sample[]>;
// Interleaved so a load spike on the machine hits every candidate alike.
for (let i = 0; i < ITERATIONS; i++)
  for (const name of names) samples[name].push(time(candidates[name]));

const wall = (name: Name) => median(samples[name].map((s) => s.wall));
const cpu = (name: Name) => median(samples[name].map((s) => s.cpu));
const baseline = wall('naive baseline (string)');
const [load1] = loadavg();
console.log(
  `Validating a ${ROWS.toLocaleString('en')}-row vocabulary CSV (${(bytes.length / 1024 / 1024).toFixed(1)} MB): median of ${ITERATIONS} runs after ${WARM_UP} warm-up runs (load average ${(load1 ?? 0).toFixed(1)} on ${availableParallelism()} CPUs)`,
);
for (const name of names) {
  const ms = wall(name);
  console.log(
    `  ${name.padEnd(24)} ${ms.toFixed(1).padStart(8)} ms wall ${cpu(name).toFixed(1).padStart(8)} ms CPU   ${(ms / baseline).toFixed(2)}× baseline`,
  );
}
console.log(
  `  the naive baseline rejected ${naiveLost.toLocaleString('en')} valid rows with quoted commas; core accepted all ${ROWS.toLocaleString('en')}`,
);
if ((load1 ?? 0) > availableParallelism()) {
  console.log(
    '  note: the machine is overloaded, so wall times are inflated; CPU times are closer to an idle run',
  );
}
const worst = Math.max(wall('core (string)'), wall('core (UTF-8 bytes)'));
const pass = worst < TARGET_MS;
console.log(
  `${pass ? 'PASS' : 'FAIL'}: core ${worst.toFixed(1)} ms wall vs target < ${TARGET_MS} ms`,
);
process.exit(pass ? 0 : 1);
