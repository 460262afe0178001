// Generated from core/src/srs/rating.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { Rating } from 'ts-fsrs';

/** FSRS grades a multiple-choice answer can earn. Easy is never given: recognising a word among
 *  four options is not evidence of effortless recall. */
export type AnswerRating = Rating.Again | Rating.Hard | Rating.Good;

export type McAnswer = {
  readonly correct: boolean;
  /** Time from showing the card to answering, in ms, when the client measured it. */
  readonly durationMs?: number | null;
};

/**
 * Wrong → Again, correct → Good. With `slowAfterMs`, a correct answer that took longer than that
 * is Hard instead (recalled, but with effort).
 */
export function ratingForAnswer(answer: McAnswer, slowAfterMs?: number): AnswerRating {
  if (!answer.correct) return Rating.Again;
  const duration = answer.durationMs ?? null;
  if (slowAfterMs !== undefined && duration !== null && duration > slowAfterMs) return Rating.Hard;
  return Rating.Good;
}
