import { Rating, StrategyMode, fsrs } from 'ts-fsrs';
import type { FSRSParameters, Grade } from 'ts-fsrs';
import { fromFsrsCard, newWordProgress, stateName, toFsrsCard } from './progress.ts';
import type { CardState, WordProgress } from './progress.ts';
import { ratingForAnswer } from './rating.ts';
import type { McAnswer } from './rating.ts';
import { DESIRED_RETENTION, isDesiredRetention } from './retention.ts';

/** One review, logged so FSRS parameters can be optimised per learner later. */
export type ReviewLogRecord = {
  /** FSRS rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
  readonly rating: Grade;
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

/** A grade decided before scheduling: a typed answer's rating, or a self-graded skill's. */
export type GradedAnswer = { readonly rating: Grade; readonly durationMs?: number | null };

/**
 * What a review is scheduled from: a multiple-choice answer (rated here), a graded answer, or a
 * bare grade 1–4 (Again, Hard, Good, Easy).
 */
export type ReviewInput = McAnswer | GradedAnswer | Grade;

export type ItemReviewOptions = {
  /** Stable id of the (learner, item, skill) card (`skillCardId`); seeds the interval fuzz. */
  readonly cardId: string;
  /**
   * The learner's fitted FSRS-6 weights (21 numbers), or scheduler parameters. Fuzz stays on
   * whatever is passed.
   */
  readonly parameters?: readonly number[] | Partial<FSRSParameters>;
  /** The learner's desired retention, 0.80–0.95 (default 0.90): FSRS's request_retention. */
  readonly retention?: number;
  /** For a multiple-choice answer: a correct answer slower than this is rated Hard. */
  readonly slowAfterMs?: number;
};

export type ReviewOutcome = { readonly progress: WordProgress; readonly log: ReviewLogRecord };

const GRADES: readonly number[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];

function gradeOf(input: ReviewInput, slowAfterMs: number | undefined): GradedAnswer {
  if (typeof input === 'number') return { rating: input };
  if ('rating' in input) return input;
  return { rating: ratingForAnswer(input, slowAfterMs), durationMs: input.durationMs ?? null };
}

function isWeights(value: ItemReviewOptions['parameters']): value is readonly number[] {
  return Array.isArray(value);
}

function schedulerParameters(options: ItemReviewOptions): Partial<FSRSParameters> {
  const { parameters, retention } = options;
  if (retention !== undefined && !isDesiredRetention(retention)) {
    throw new RangeError(
      `Desired retention must lie in ${DESIRED_RETENTION.min}–${DESIRED_RETENTION.max}: ${retention}`,
    );
  }
  const base: Partial<FSRSParameters> =
    parameters === undefined ? {} : isWeights(parameters) ? { w: [...parameters] } : parameters;
  return {
    ...base,
    request_retention: retention ?? base.request_retention ?? DESIRED_RETENTION.default,
    enable_fuzz: true,
  };
}

/**
 * Schedules the next review of one item in one skill (FSRS-6 via ts-fsrs, fuzz on): a word's
 * recognition, recall or listening card, a line's dictation or speaking card. The fuzz is seeded
 * from the card id and the review count, so the same review of the same card always lands on
 * the same day: tests and retries are repeatable, yet cards reviewed together still spread out.
 */
export function reviewItem(
  previous: WordProgress | null,
  input: ReviewInput,
  now: Date,
  options: ItemReviewOptions,
): ReviewOutcome {
  const { rating, durationMs = null } = gradeOf(input, options.slowAfterMs);
  if (!GRADES.includes(rating)) throw new RangeError(`A review is graded 1–4: ${String(rating)}`);
  // An item without stored progress is reviewed for the first time.
  const progress = previous ?? newWordProgress(now);
  const seed = `${options.cardId}:${progress.reps + 1}`;
  const scheduler = fsrs(schedulerParameters(options)).useStrategy(StrategyMode.SEED, () => seed);
  const { card, log } = scheduler.next(toFsrsCard(progress), now, rating);
  return {
    progress: fromFsrsCard(card, {
      times_seen: progress.times_seen + 1,
      times_correct: progress.times_correct + (rating === Rating.Again ? 0 : 1),
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
        typeof durationMs === 'number' && Number.isFinite(durationMs)
          ? Math.max(0, Math.round(durationMs))
          : null,
    },
  };
}

/** The options of `reviewWord`, the recognition card's multiple-choice review. */
export type ReviewOptions = ItemReviewOptions;

/**
 * Schedules the next review of a word after a multiple-choice answer: `reviewItem` with the
 * multiple-choice rating (wrong → Again, correct → Good, correct but slow → Hard).
 */
export function reviewWord(
  previous: WordProgress | null,
  answer: McAnswer,
  now: Date,
  options: ReviewOptions,
): ReviewOutcome {
  return reviewItem(previous, answer, now, options);
}
