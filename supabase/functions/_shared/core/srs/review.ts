// Generated from core/src/srs/review.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { StrategyMode, fsrs } from 'ts-fsrs';
import type { FSRSParameters } from 'ts-fsrs';
import { fromFsrsCard, newWordProgress, stateName, toFsrsCard } from './progress.ts';
import type { CardState, WordProgress } from './progress.ts';
import { ratingForAnswer } from './rating.ts';
import type { AnswerRating, McAnswer } from './rating.ts';

/** One review, logged so FSRS parameters can be optimised per learner later. */
export type ReviewLogRecord = {
  /** FSRS rating: 1 Again, 2 Hard, 3 Good. */
  readonly rating: AnswerRating;
  /** The card's state when it was reviewed. */
  readonly state: CardState;
  readonly due: Date;
  readonly stability: number;
  readonly difficulty: number;
  readonly elapsed_days: number;
  readonly last_elapsed_days: number;
  readonly scheduled_days: number;
  readonly learning_steps: number;
  readonly review: Date;
  /** null when the answer came without a measured duration (e.g. record-word-result). */
  readonly duration_ms: number | null;
};

export type ReviewOptions = {
  /** Stable id of the (learner, word) card; seeds the interval fuzz. */
  readonly cardId: string;
  /** A correct answer slower than this is rated Hard instead of Good. */
  readonly slowAfterMs?: number;
  /** Per-learner FSRS parameters; fuzz stays on whatever is passed. */
  readonly parameters?: Partial<FSRSParameters>;
};

export type ReviewOutcome = { readonly progress: WordProgress; readonly log: ReviewLogRecord };

/**
 * Schedules the next review of a word after a multiple-choice answer (FSRS-6 via ts-fsrs, fuzz
 * on). The fuzz is seeded from the card id and the review count, so the same review of the same
 * card always lands on the same day: tests and retries are repeatable, yet cards reviewed
 * together still spread out.
 */
export function reviewWord(
  previous: WordProgress | null,
  answer: McAnswer,
  now: Date,
  options: ReviewOptions,
): ReviewOutcome {
  // A word without stored progress is reviewed for the first time.
  const progress = previous ?? newWordProgress(now);
  const rating = ratingForAnswer(answer, options.slowAfterMs);
  const seed = `${options.cardId}:${progress.reps + 1}`;
  const scheduler = fsrs({ ...options.parameters, enable_fuzz: true }).useStrategy(
    StrategyMode.SEED,
    () => seed,
  );
  const { card, log } = scheduler.next(toFsrsCard(progress), now, rating);
  return {
    progress: fromFsrsCard(card, {
      times_seen: progress.times_seen + 1,
      times_correct: progress.times_correct + (answer.correct ? 1 : 0),
    }),
    log: {
      rating,
      state: stateName(log.state),
      due: log.due,
      stability: log.stability,
      difficulty: log.difficulty,
      elapsed_days: log.elapsed_days,
      last_elapsed_days: log.last_elapsed_days,
      scheduled_days: log.scheduled_days,
      learning_steps: log.learning_steps,
      review: log.review,
      duration_ms:
        typeof answer.durationMs === 'number' && Number.isFinite(answer.durationMs)
          ? Math.max(0, Math.round(answer.durationMs))
          : null,
    },
  };
}
