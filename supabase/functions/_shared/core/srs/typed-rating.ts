// Generated from core/src/srs/typed-rating.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { Rating } from 'ts-fsrs';
import type { Grade } from 'ts-fsrs';

/** A typed answer as the rating needs it (recall, typed listening, dictation). */
export type TypedAnswer = {
  /** The check's verdict was right (a near miss is wrong). */
  readonly correct: boolean;
  /** Letters of the expected answer: a longer answer may take longer before it counts as slow. */
  readonly expectedLength: number;
  /** Time from showing the prompt to checking, in ms, when the client measured it. */
  readonly durationMs?: number | null;
  /** The learner revealed the first letter before answering. */
  readonly hintUsed?: boolean;
  /** The learner said, after a right answer, that it was easy. */
  readonly easy?: boolean;
};

/** Time to think before typing, and time per letter typed (accent buttons included). */
export const TYPED_THINK_MS = 6000;
export const TYPED_MS_PER_LETTER = 700;

/** A right typed answer slower than this is Hard: 6 s plus 0.7 s per expected letter. */
export function typedSlowAfterMs(expectedLength: number): number {
  return TYPED_THINK_MS + TYPED_MS_PER_LETTER * Math.max(0, expectedLength);
}

/**
 * Wrong → Again. Right after the hint → Hard (recalled with help, whatever the learner says).
 * Right and marked easy by the learner → Easy. Right but slow → Hard. Right → Good.
 */
export function ratingForTypedAnswer(answer: TypedAnswer): Grade {
  if (!answer.correct) return Rating.Again;
  if (answer.hintUsed === true) return Rating.Hard;
  if (answer.easy === true) return Rating.Easy;
  const duration = answer.durationMs ?? null;
  if (duration !== null && duration > typedSlowAfterMs(answer.expectedLength)) return Rating.Hard;
  return Rating.Good;
}
