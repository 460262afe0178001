// Simulated learners for testing and benchmarking per-learner parameters: a learner whose memory
// really follows FSRS-6 with weights of their own is scheduled by the app (default weights at
// the desired retention), and each review is recalled with the probability their true memory
// gives. Their log is what a real learner's would be if FSRS-6 were exactly right about them.
import {
  FSRSAlgorithm,
  Rating,
  clipParameters,
  default_w,
  forgetting_curve,
  generatorParameters,
} from 'ts-fsrs';
import type { FSRSState, Grade } from 'ts-fsrs';
import type { Random } from '../flashcards/random.ts';
import type { ReviewLogEntry } from './optimiser-items.ts';

const DAY_MS = 86_400_000;

/** A standard normal number (Box–Muller). */
function normal(random: Random): number {
  const u = Math.max(Number.EPSILON, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * FSRS-6 weights around the defaults: each multiplied by e^(spread·N(0,1)), then clipped to the
 * ranges ts-fsrs (and the optimiser) allow.
 */
export function weightsAround(random: Random, spread = 0.3): number[] {
  const weights = default_w.map((w) => w * Math.exp(spread * normal(random)));
  return clipParameters(weights, 1, true);
}

export type SimulationOptions = {
  readonly random: Random;
  /** The learner's real memory. */
  readonly trueWeights: readonly number[];
  /** What the app schedules with (default: the FSRS-6 defaults). */
  readonly scheduleWeights?: readonly number[];
  readonly retention?: number;
  readonly cards?: number;
  readonly newPerDay?: number;
  readonly days?: number;
  readonly start?: Date;
  /** Stop once the log has this many reviews (a learner who forgets a lot reviews a lot). */
  readonly maxReviews?: number;
};

type SimulatedCard = {
  id: string;
  dueDay: number;
  lastDay: number;
  truth: FSRSState | null;
  app: FSRSState | null;
};

function pick(random: Random, weights: readonly [Grade, number][]): Grade {
  let r = random();
  for (const [grade, weight] of weights) {
    if (r < weight) return grade;
    r -= weight;
  }
  return (weights[weights.length - 1] as [Grade, number])[0];
}

// First sight of a word: often not known yet. Later: recalled with the true retrievability, and
// then mostly Good. (FSRS's own simulator draws grades the same way.)
const FIRST: readonly [Grade, number][] = [
  [Rating.Again, 0.3],
  [Rating.Hard, 0.15],
  [Rating.Good, 0.45],
  [Rating.Easy, 0.1],
];
const RECALLED: readonly [Grade, number][] = [
  [Rating.Hard, 0.12],
  [Rating.Good, 0.8],
  [Rating.Easy, 0.08],
];

/** One simulated learner's review log, in time order. */
export function simulateLearner(options: SimulationOptions): ReviewLogEntry[] {
  const {
    random,
    trueWeights,
    scheduleWeights = default_w,
    retention = 0.9,
    cards = 300,
    newPerDay = 10,
    days = 365,
    start = new Date('2026-01-05T17:00:00Z'),
    maxReviews = Number.POSITIVE_INFINITY,
  } = options;
  const truth = new FSRSAlgorithm(generatorParameters({ w: [...trueWeights] }));
  const app = new FSRSAlgorithm(
    generatorParameters({ w: [...scheduleWeights], request_retention: retention }),
  );
  const deck: SimulatedCard[] = Array.from({ length: cards }, (_, i) => ({
    id: `card-${i}`,
    dueDay: Math.floor(i / newPerDay),
    lastDay: 0,
    truth: null,
    app: null,
  }));
  const log: ReviewLogEntry[] = [];
  for (let day = 0; day < days; day++) {
    let minute = 0;
    for (const card of deck) {
      if (log.length >= maxReviews) return log;
      if (card.dueDay > day) continue;
      const elapsed = day - card.lastDay;
      let rating: Grade;
      if (card.truth === null) rating = pick(random, FIRST);
      else {
        const recall = forgetting_curve(trueWeights, elapsed, card.truth.stability);
        rating = random() < recall ? pick(random, RECALLED) : Rating.Again;
      }
      card.truth = truth.next_state(card.truth, elapsed, rating);
      card.app = app.next_state(card.app, elapsed, rating);
      card.lastDay = day;
      card.dueDay = day + Math.max(1, app.next_interval(card.app.stability, elapsed));
      log.push({
        cardId: card.id,
        rating,
        reviewedAt: new Date(start.getTime() + day * DAY_MS + minute++ * 20_000),
      });
    }
  }
  return log;
}
