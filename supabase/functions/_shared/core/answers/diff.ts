// Generated from core/src/answers/diff.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// The letter-by-letter difference between a typed word and the expected one, in terms a learner
// of Hungarian can act on: a missing accent, a vowel too short or too long, another vowel, a
// single consonant where Hungarian doubles it (also in digraphs: ssz, ccs, ggy, lly, nny, tty,
// zzs), letters missing, extra or swapped. An alignment with weighted edits (a vowel's accent or
// a consonant's length costs half a letter) chooses what was meant; the segments are the
// alignment read back with each difference named.
import { canDouble, digraphTailLength, vowelDifference } from './letters.ts';

export type DifferenceKind =
  | 'missingAccent'
  | 'longVowel'
  | 'shortVowel'
  | 'vowelFamily'
  | 'doubleConsonant'
  | 'singleConsonant'
  | 'wrongLetter'
  | 'swapped'
  | 'missingLetters'
  | 'extraLetters';

/**
 * One stretch of the answer. `same`: typed as expected (`text` as expected, in its case);
 * `missing`: expected letters not typed; `extra`: typed letters not expected; `wrong`: typed
 * `typed` where `expected` was expected, for the reason `kind`.
 */
export type DiffSegment =
  | { readonly type: 'same'; readonly text: string }
  | { readonly type: 'missing'; readonly expected: string; readonly kind: DifferenceKind }
  | { readonly type: 'extra'; readonly typed: string; readonly kind: DifferenceKind }
  | {
      readonly type: 'wrong';
      readonly expected: string;
      readonly typed: string;
      readonly kind: DifferenceKind;
    };

export type WordDiff = {
  readonly segments: readonly DiffSegment[];
  /** Weighted edits: 1 per letter, ½ for an accent or a consonant's length. 0 when equal. */
  readonly cost: number;
};

type OpType = 'match' | 'sub' | 'swap' | 'del' | 'ins';
/** One alignment step over expected letters [e, e + eLen) and typed letters [t, t + tLen). */
type Op = { type: OpType; e: number; eLen: number; t: number; tLen: number };

const HALF = 0.5;

function geminate(letters: readonly string[], i: number): boolean {
  const c = letters[i] as string;
  return canDouble(c) && (letters[i - 1] === c || letters[i + 1] === c);
}

/** Weighted edit distance with transpositions; returns the alignment's steps in order. */
function align(le: readonly string[], lt: readonly string[]): { ops: Op[]; cost: number } {
  const n = le.length;
  const m = lt.length;
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  const at = (i: number, j: number) => cost[i * width + j] as number;
  const delCost = (i: number) => (geminate(le, i - 1) ? HALF : 1);
  const insCost = (j: number) => (geminate(lt, j - 1) ? HALF : 1);
  const subCost = (i: number, j: number) => {
    const a = le[i - 1] as string;
    const b = lt[j - 1] as string;
    if (a === b) return 0;
    return vowelDifference(a, b) === null ? 1 : HALF;
  };
  const swappable = (i: number, j: number) =>
    i > 1 && j > 1 && le[i - 1] === lt[j - 2] && le[i - 2] === lt[j - 1] && le[i - 1] !== le[i - 2];

  for (let i = 1; i <= n; i++) cost[i * width] = at(i - 1, 0) + delCost(i);
  for (let j = 1; j <= m; j++) cost[j] = at(0, j - 1) + insCost(j);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      let best = Math.min(
        at(i - 1, j - 1) + subCost(i, j),
        at(i - 1, j) + delCost(i),
        at(i, j - 1) + insCost(j),
      );
      if (swappable(i, j)) best = Math.min(best, at(i - 2, j - 2) + 1);
      cost[i * width + j] = best;
    }
  }

  // Walk back, preferring a match, then a substitution, a swap, a missing and an extra letter.
  const ops: Op[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    if (i > 0 && j > 0 && here === at(i - 1, j - 1) + subCost(i, j)) {
      ops.push({
        type: le[i - 1] === lt[j - 1] ? 'match' : 'sub',
        e: i - 1,
        eLen: 1,
        t: j - 1,
        tLen: 1,
      });
      i--;
      j--;
    } else if (swappable(i, j) && here === at(i - 2, j - 2) + 1) {
      ops.push({ type: 'swap', e: i - 2, eLen: 2, t: j - 2, tLen: 2 });
      i -= 2;
      j -= 2;
    } else if (i > 0 && here === at(i - 1, j) + delCost(i)) {
      ops.push({ type: 'del', e: i - 1, eLen: 1, t: j, tLen: 0 });
      i--;
    } else {
      ops.push({ type: 'ins', e: i, eLen: 0, t: j - 1, tLen: 1 });
      j--;
    }
  }
  return { ops: ops.reverse(), cost: at(n, m) };
}

type Range = { from: number; to: number; kind: 'doubleConsonant' | 'singleConsonant' };

/**
 * A missing letter beside the same consonant (`hoz` for `hozz`, `asztal`'s `sz` for `ssz`) is a
 * long consonant typed short; an extra one is a short consonant typed long. The range covers
 * the whole consonant, digraph included, so the segment reads `ssz` → `sz`.
 */
function consonantRange(ops: readonly Op[], k: number, letters: readonly string[]): Range | null {
  const op = ops[k] as Op;
  const missing = op.type === 'del';
  const pos = missing ? op.e : op.t;
  const c = letters[pos] as string;
  const matchAt = (index: number, letterPos: number) => {
    const other = ops[index];
    return other?.type === 'match' && (missing ? other.e : other.t) === letterPos;
  };
  let start: number;
  let from: number;
  if (letters[pos + 1] === c && matchAt(k + 1, pos + 1)) {
    start = pos;
    from = k;
  } else if (letters[pos - 1] === c && matchAt(k - 1, pos - 1)) {
    start = pos - 1;
    from = k - 1;
  } else return null;
  const tail = digraphTailLength(letters, start + 2, c);
  let to = from + 1;
  for (let extra = 0; extra < tail; extra++) {
    if (!matchAt(to + 1, start + 2 + extra)) return null;
    to++;
  }
  return { from, to, kind: missing ? 'doubleConsonant' : 'singleConsonant' };
}

function consonantRanges(ops: readonly Op[], le: readonly string[], lt: readonly string[]) {
  const ranges = new Map<number, Range>();
  let reached = -1;
  ops.forEach((op, k) => {
    if (op.type !== 'del' && op.type !== 'ins') return;
    const letters = op.type === 'del' ? le : lt;
    if (!geminate(letters, op.type === 'del' ? op.e : op.t)) return;
    const range = consonantRange(ops, k, letters);
    if (range && range.from > reached) {
      ranges.set(range.from, range);
      reached = range.to;
    }
  });
  return ranges;
}

function pushMerged(segments: DiffSegment[], next: DiffSegment): void {
  const last = segments.at(-1);
  if (last?.type === 'same' && next.type === 'same') {
    segments[segments.length - 1] = { type: 'same', text: last.text + next.text };
  } else if (last?.type === 'missing' && next.type === 'missing' && last.kind === next.kind) {
    segments[segments.length - 1] = { ...last, expected: last.expected + next.expected };
  } else if (last?.type === 'extra' && next.type === 'extra' && last.kind === next.kind) {
    segments[segments.length - 1] = { ...last, typed: last.typed + next.typed };
  } else if (
    last?.type === 'wrong' &&
    next.type === 'wrong' &&
    last.kind === 'wrongLetter' &&
    next.kind === 'wrongLetter'
  ) {
    segments[segments.length - 1] = {
      ...last,
      expected: last.expected + next.expected,
      typed: last.typed + next.typed,
    };
  } else segments.push(next);
}

const letters = (text: string) => Array.from(text);

/**
 * The difference between `expected` and `typed`, compared without case (both NFC). Equal
 * words give one `same` segment and cost 0.
 */
export function diffWord(expected: string, typed: string): WordDiff {
  const e = letters(expected.normalize('NFC'));
  const t = letters(typed.normalize('NFC'));
  const le = e.map((c) => c.toLowerCase());
  const lt = t.map((c) => c.toLowerCase());
  const { ops, cost } = align(le, lt);
  const ranges = consonantRanges(ops, le, lt);
  const slice = (source: readonly string[], from: number, len: number) =>
    source.slice(from, from + len).join('');
  const segments: DiffSegment[] = [];
  for (let k = 0; k < ops.length; k++) {
    const range = ranges.get(k);
    if (range) {
      const covered = ops.slice(range.from, range.to + 1);
      pushMerged(segments, {
        type: 'wrong',
        expected: covered.map((op) => slice(e, op.e, op.eLen)).join(''),
        typed: covered.map((op) => slice(t, op.t, op.tLen)).join(''),
        kind: range.kind,
      });
      k = range.to;
      continue;
    }
    const op = ops[k] as Op;
    const exp = slice(e, op.e, op.eLen);
    const typ = slice(t, op.t, op.tLen);
    if (op.type === 'match') pushMerged(segments, { type: 'same', text: exp });
    else if (op.type === 'del')
      pushMerged(segments, { type: 'missing', expected: exp, kind: 'missingLetters' });
    else if (op.type === 'ins')
      pushMerged(segments, { type: 'extra', typed: typ, kind: 'extraLetters' });
    else {
      const kind =
        op.type === 'swap'
          ? 'swapped'
          : (vowelDifference(le[op.e] as string, lt[op.t] as string) ?? 'wrongLetter');
      pushMerged(segments, { type: 'wrong', expected: exp, typed: typ, kind });
    }
  }
  return { segments, cost };
}
