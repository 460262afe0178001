// Generated from core/src/answers/compare.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// Checking one typed answer against a vocabulary field: right when it is one of the accepted
// forms up to case, surrounding punctuation and spacing; otherwise the closest form is shown
// with its differences, as a near miss when only a little is off.
import { acceptedAnswers, typedKeys, withoutArticle } from './alternatives.ts';
import type { AcceptedAnswer } from './alternatives.ts';
import { diffWord } from './diff.ts';
import type { DiffSegment, DifferenceKind } from './diff.ts';
import { answerKey, tidyAnswer } from './normalise.ts';

export type Verdict = 'right' | 'nearMiss' | 'wrong';

/**
 * The catalogue key of a kind of difference (core/src/messages/en-practice.ts has each; the apps'
 * catalogues are typed to have them). A key of its own, not MessageKey: the edge functions grade
 * with this module without the message catalogue.
 */
export type DifferenceKey = `answers.difference.${DifferenceKind}`;

/** A difference as apps render it: a catalogue key per kind, with the letters concerned. */
export type AnswerDifference = {
  readonly kind: DifferenceKind;
  readonly key: DifferenceKey;
  readonly params: { readonly expected: string; readonly typed: string };
};

export type AnswerCheck = {
  readonly verdict: Verdict;
  /** The headword as the vocabulary writes it (`kér (vmit)`), for showing the right answer. */
  readonly headword: string;
  /** The accepted form the answer was compared with: the one it matched, else the closest. */
  readonly expected: string;
  readonly segments: readonly DiffSegment[];
  readonly differences: readonly AnswerDifference[];
};

/**
 * A wrong answer is a near miss when its weighted edits (a letter 1, an accent or a consonant's
 * length ½) stay within a third of the expected length, and at least 1: `jo` for `jó`, `kerek`
 * for `kérek`, `hoz` for `hozz`.
 */
export const NEAR_MISS_SHARE = 1 / 3;

export function isNearMiss(cost: number, expected: string): boolean {
  return cost > 0 && cost <= Math.max(1, NEAR_MISS_SHARE * Array.from(expected).length);
}

export const DIFFERENCE_KEYS = {
  missingAccent: 'answers.difference.missingAccent',
  longVowel: 'answers.difference.longVowel',
  shortVowel: 'answers.difference.shortVowel',
  vowelFamily: 'answers.difference.vowelFamily',
  doubleConsonant: 'answers.difference.doubleConsonant',
  singleConsonant: 'answers.difference.singleConsonant',
  wrongLetter: 'answers.difference.wrongLetter',
  swapped: 'answers.difference.swapped',
  missingLetters: 'answers.difference.missingLetters',
  extraLetters: 'answers.difference.extraLetters',
} as const satisfies Record<DifferenceKind, DifferenceKey>;

/** The named differences of a diff, in order, each with its catalogue key. */
export function differencesOf(segments: readonly DiffSegment[]): AnswerDifference[] {
  return segments.flatMap((segment): AnswerDifference[] => {
    if (segment.type === 'same') return [];
    const expected = segment.type === 'extra' ? '' : segment.expected;
    const typed = segment.type === 'missing' ? '' : segment.typed;
    return [
      { kind: segment.kind, key: DIFFERENCE_KEYS[segment.kind], params: { expected, typed } },
    ];
  });
}

/**
 * Checks `typed` against a vocabulary field (`kér (vmit)`, `szia, helló`) or headwords already
 * parsed with `acceptedAnswers`. Accents always count; case, surrounding punctuation, spacing
 * and a leading article do not. A blank answer is wrong.
 */
export function checkAnswer(
  typed: string,
  accepted: string | readonly AcceptedAnswer[],
): AnswerCheck {
  const headwords = typeof accepted === 'string' ? acceptedAnswers(accepted) : accepted;
  const keys = typedKeys(typed);
  for (const headword of headwords) {
    const form = headword.forms.find((f) => keys.includes(answerKey(f)));
    if (form !== undefined) {
      return {
        verdict: 'right',
        headword: headword.text,
        expected: form,
        segments: [{ type: 'same', text: form }],
        differences: [],
      };
    }
  }
  const tidy = tidyAnswer(typed);
  const bare = withoutArticle(tidy);
  const variants = bare === null ? [tidy] : [tidy, bare];
  let best: {
    headword: string;
    expected: string;
    cost: number;
    segments: readonly DiffSegment[];
  } | null = null;
  for (const headword of headwords) {
    for (const form of headword.forms) {
      for (const variant of variants) {
        const diff = diffWord(form, variant);
        if (best === null || diff.cost < best.cost) {
          best = {
            headword: headword.text,
            expected: form,
            cost: diff.cost,
            segments: diff.segments,
          };
        }
      }
    }
  }
  if (best === null) {
    // A field with no headword at all accepts nothing; there is nothing to show either.
    return { verdict: 'wrong', headword: '', expected: '', segments: [], differences: [] };
  }
  const verdict = tidy !== '' && isNearMiss(best.cost, best.expected) ? 'nearMiss' : 'wrong';
  return {
    verdict,
    headword: best.headword,
    expected: best.expected,
    segments: best.segments,
    differences: differencesOf(best.segments),
  };
}
