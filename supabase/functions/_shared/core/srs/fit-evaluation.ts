// Generated from core/src/srs/fit-evaluation.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// How well a set of FSRS-6 weights predicts reviews: for each item, the card's memory state
// after the reviews before the last one (ts-fsrs's own update rules), the retrievability it
// gives on the day of the last review, and whether that review was recalled (any grade but
// Again). Log loss and RMSE (bins) are the optimiser's own measures (fsrs-rs `evaluate`).
import { FSRSAlgorithm, Rating, forgetting_curve, generatorParameters } from 'ts-fsrs';
import type { FSRSState } from 'ts-fsrs';
import type { OptimiserItem } from './optimiser-items.ts';

export type FitEvaluation = {
  /** Mean binary cross-entropy of the predicted recall; lower is better. */
  readonly logLoss: number;
  /** Calibration error: predictions in 20 bins, the root mean squared gap between each bin's
   *  mean prediction and its observed recall rate, weighted by the bin's size. */
  readonly rmseBins: number;
  readonly count: number;
};

/** Predictions are kept off 0 and 1 so one confident miss cannot make the loss infinite. */
const EPSILON = 1e-4;
const BINS = 20;

/** The predicted probability of recalling each item's last review, in item order. */
export function predictRecall(
  items: readonly OptimiserItem[],
  weights: readonly number[],
): number[] {
  const algorithm = new FSRSAlgorithm(generatorParameters({ w: [...weights] }));
  return items.map((item) => {
    let state: FSRSState | null = null;
    const last = item.reviews.length - 1;
    for (let i = 0; i < last; i++) {
      const review = item.reviews[i] as OptimiserItem['reviews'][number];
      state = algorithm.next_state(state, review.deltaT, review.rating);
    }
    const target = item.reviews[last];
    if (state === null || target === undefined) return Number.NaN;
    return forgetting_curve(weights, target.deltaT, state.stability);
  });
}

/** Log loss and RMSE (bins) of `weights` on `items`; items without a history are skipped. */
export function evaluateWeights(
  items: readonly OptimiserItem[],
  weights: readonly number[],
): FitEvaluation {
  const predictions = predictRecall(items, weights);
  let loss = 0;
  let count = 0;
  const bins = Array.from({ length: BINS }, () => ({ n: 0, predicted: 0, recalled: 0 }));
  predictions.forEach((raw, index) => {
    if (!Number.isFinite(raw)) return;
    const p = Math.min(1 - EPSILON, Math.max(EPSILON, raw));
    const reviews = (items[index] as OptimiserItem).reviews;
    const recalled =
      (reviews[reviews.length - 1] as OptimiserItem['reviews'][number]).rating !== Rating.Again;
    loss += recalled ? -Math.log(p) : -Math.log(1 - p);
    count++;
    const bin = bins[Math.min(BINS - 1, Math.floor(p * BINS))] as (typeof bins)[number];
    bin.n++;
    bin.predicted += p;
    bin.recalled += recalled ? 1 : 0;
  });
  if (count === 0) return { logLoss: Number.NaN, rmseBins: Number.NaN, count };
  let squared = 0;
  for (const bin of bins) {
    if (bin.n > 0) squared += bin.n * ((bin.predicted - bin.recalled) / bin.n) ** 2;
  }
  return { logLoss: loss / count, rmseBins: Math.sqrt(squared / count), count };
}
