// Dictation of one dialogue line, checked word by word. The typed words are aligned to the
// line's words (a word typed in place of another is paired with it; a skipped word is missing;
// a word the line lacks is extra), each pair is checked like a typed answer, and punctuation
// anywhere in the line is not graded.
import { differencesOf, isNearMiss } from './compare.ts';
import type { AnswerDifference } from './compare.ts';
import { diffWord } from './diff.ts';
import type { DiffSegment } from './diff.ts';
import { lineWords } from './normalise.ts';
import type { LineWord } from './normalise.ts';

export type WordStatus = 'right' | 'nearMiss' | 'wrong' | 'missing' | 'extra';

/** One word of the feedback, in line order; extra words stand where they were typed. */
export type LineWordResult = {
  readonly status: WordStatus;
  /** The line's word (null for an extra word). */
  readonly expected: string | null;
  /** The typed word (null for a missing word). */
  readonly typed: string | null;
  readonly segments: readonly DiffSegment[];
  readonly differences: readonly AnswerDifference[];
};

export type LineCheck = {
  /** Every word right and none extra. */
  readonly right: boolean;
  readonly words: readonly LineWordResult[];
  /** How many of the line's words were typed right. */
  readonly rightCount: number;
};

/** Pairing a word with a far-off one costs a little less than calling one missing, one extra. */
const FAR_PAIR = 1.9;

type Pair = { cost: number; segments: readonly DiffSegment[]; near: boolean };

function pairCost(expected: LineWord, typed: LineWord): Pair {
  if (expected.key === typed.key) {
    return { cost: 0, segments: [{ type: 'same', text: expected.text }], near: false };
  }
  const diff = diffWord(expected.text, typed.text);
  const near = isNearMiss(diff.cost, expected.text);
  const share = Math.min(1, diff.cost / Math.max(1, Array.from(expected.text).length));
  return { cost: near ? 0.5 + 0.5 * share : FAR_PAIR, segments: diff.segments, near };
}

/** Checks a typed line against the line's text. */
export function checkLine(typed: string, line: string): LineCheck {
  const expected = lineWords(line);
  const given = lineWords(typed);
  const n = expected.length;
  const m = given.length;
  const pairs = expected.map((e) => given.map((g) => pairCost(e, g)));
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  const at = (i: number, j: number) => cost[i * width + j] as number;
  const pair = (i: number, j: number) => (pairs[i - 1] as Pair[])[j - 1] as Pair;
  for (let i = 1; i <= n; i++) cost[i * width] = i;
  for (let j = 1; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      cost[i * width + j] = Math.min(
        at(i - 1, j - 1) + pair(i, j).cost,
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
      );
    }
  }
  const words: LineWordResult[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    if (i > 0 && j > 0 && here === at(i - 1, j - 1) + pair(i, j).cost) {
      const p = pair(i, j);
      const status = p.cost === 0 ? 'right' : p.near ? 'nearMiss' : 'wrong';
      words.push({
        status,
        expected: (expected[i - 1] as LineWord).text,
        typed: (given[j - 1] as LineWord).text,
        segments: p.segments,
        differences: differencesOf(p.segments),
      });
      i--;
      j--;
    } else if (i > 0 && here === at(i - 1, j) + 1) {
      const word = (expected[i - 1] as LineWord).text;
      words.push({
        status: 'missing',
        expected: word,
        typed: null,
        segments: [{ type: 'missing', expected: word, kind: 'missingLetters' }],
        differences: [],
      });
      i--;
    } else {
      const word = (given[j - 1] as LineWord).text;
      words.push({
        status: 'extra',
        expected: null,
        typed: word,
        segments: [{ type: 'extra', typed: word, kind: 'extraLetters' }],
        differences: [],
      });
      j--;
    }
  }
  words.reverse();
  const rightCount = words.filter((w) => w.status === 'right').length;
  return { right: n > 0 && rightCount === n && words.length === n, words, rightCount };
}
