import { Rating } from 'ts-fsrs';

/** FSRS grades a multiple-choice answer can earn. Easy is never given: recognising a word among
 *  four options is not evidence of effortless recall. */
export type AnswerRating = Rating.Again | Rating.Hard | Rating.Good;

export type McAnswer = {
  readonly correct: boolean;
  /** Time from showing the card to answering, in ms. */
  readonly durationMs: number;
};

/**
 * Wrong → Again, correct → Good. With `slowAfterMs`, a correct answer that took longer than that
 * is Hard instead (recalled, but with effort).
 */
export function ratingForAnswer(answer: McAnswer, slowAfterMs?: number): AnswerRating {
  if (!answer.correct) return Rating.Again;
  if (slowAfterMs !== undefined && answer.durationMs > slowAfterMs) return Rating.Hard;
  return Rating.Good;
}
