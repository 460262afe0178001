import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../flashcards/random.ts';
import type { OptimiserItem, TimedItem } from './optimiser-items.ts';
import { optimiserItems } from './optimiser-items.ts';
import {
  DEFAULT_WEIGHTS,
  MIN_OPTIMISER_ITEMS,
  fitLearnerParameters,
  learnerWeights,
  splitByTime,
  useFittedParameters,
} from './learner-parameters.ts';
import type { FsrsOptimiser } from './learner-parameters.ts';
import { simulateLearner, weightsAround } from './simulate-learner.ts';

const item = (iso: string): TimedItem => ({
  reviews: [
    { rating: 3, deltaT: 0 },
    { rating: 3, deltaT: 2 },
  ],
  reviewedAt: new Date(iso),
});

/** A simulated learner's items, and their true weights. */
function learner(seed: number) {
  const random = mulberry32(seed);
  const trueWeights = weightsAround(random, 0.6);
  for (let i = 0; i < 4; i++) trueWeights[i] = (DEFAULT_WEIGHTS[i] as number) * 4;
  return {
    trueWeights,
    items: optimiserItems(simulateLearner({ random, trueWeights, maxReviews: 2500 })),
  };
}

/** A port that records what it was given and answers with fixed weights. */
function fixedOptimiser(weights: readonly number[]) {
  const calls: (readonly OptimiserItem[])[] = [];
  const optimiser: FsrsOptimiser = async (items) => {
    calls.push(items);
    return [...weights];
  };
  return { optimiser, calls };
}

describe('per-learner parameters', () => {
  it('returns the most recent fifth held out, none older than a training item, ties kept together', () => {
    const items = Array.from({ length: 10 }, (_, i) =>
      item(`2026-06-${String(10 + i)}T10:00:00Z`),
    ).reverse();
    const split = splitByTime(items);
    expect(split.training).toHaveLength(8);
    expect(split.heldOut.map((i) => i.reviewedAt.getUTCDate())).toEqual([18, 19]);
    expect(split.cutoff?.toISOString()).toBe('2026-06-18T10:00:00.000Z');
    const tied = [
      item('2026-06-01T10:00:00Z'),
      item('2026-06-02T10:00:00Z'),
      item('2026-06-02T10:00:00Z'),
    ];
    expect(splitByTime(tied, 0.34).heldOut).toHaveLength(2);
    expect(splitByTime(items, 0)).toMatchObject({ heldOut: [], cutoff: null });
  });

  it('returns not enough reviews below the minimum, without calling the optimiser', async () => {
    const { optimiser, calls } = fixedOptimiser(DEFAULT_WEIGHTS);
    const items = Array.from({ length: MIN_OPTIMISER_ITEMS - 1 }, () =>
      item('2026-06-01T10:00:00Z'),
    );
    expect(await fitLearnerParameters(items, optimiser)).toEqual({
      status: 'notEnoughReviews',
      reviewCount: MIN_OPTIMISER_ITEMS - 1,
    });
    expect(calls).toEqual([]);
  });

  it('returns the fit used when it predicts the held-out reviews better, trained without them', async () => {
    const { trueWeights, items } = learner(1);
    const { optimiser, calls } = fixedOptimiser(trueWeights);
    const fit = await fitLearnerParameters(items, optimiser);
    if (fit.status !== 'fitted') throw new Error('expected a fit');
    expect(fit.useFitted).toBe(true);
    expect(fit.fitted.logLoss).toBeLessThan(fit.defaults.logLoss);
    expect(fit.heldOutCount).toBe(Math.round(items.length * 0.2));
    expect(calls[0]).toHaveLength(items.length - fit.heldOutCount);
    expect(calls[0]?.[0]).toEqual({ reviews: items[0]?.reviews });
  });

  it('returns the defaults kept when the fit predicts worse or is not 21 finite numbers', async () => {
    const { items } = learner(2);
    // Weights under which remembering a word never makes it more stable.
    const neverLearns = [...DEFAULT_WEIGHTS];
    neverLearns[8] = 0;
    const worse = await fitLearnerParameters(items, fixedOptimiser(neverLearns).optimiser);
    expect(worse).toMatchObject({ status: 'fitted', useFitted: false });
    for (const broken of [
      DEFAULT_WEIGHTS.slice(0, 19),
      [...DEFAULT_WEIGHTS.slice(0, 20), Number.NaN],
    ]) {
      const fit = await fitLearnerParameters(items, fixedOptimiser(broken).optimiser);
      expect(fit).toMatchObject({ status: 'fitted', useFitted: false });
    }
  });

  it('returns the stored fit as the learner’s weights only when it beat the defaults', () => {
    const fitted = [...DEFAULT_WEIGHTS].map((w) => w * 1.01);
    expect(learnerWeights(null)).toBe(DEFAULT_WEIGHTS);
    expect(
      learnerWeights({ parameters: fitted, log_loss_default: 0.4, log_loss_fitted: 0.3 }),
    ).toBe(fitted);
    expect(
      learnerWeights({ parameters: fitted, log_loss_default: 0.3, log_loss_fitted: 0.3 }),
    ).toBe(DEFAULT_WEIGHTS);
    expect(
      learnerWeights({ parameters: fitted, log_loss_default: null, log_loss_fitted: 0.3 }),
    ).toBe(DEFAULT_WEIGHTS);
    expect(
      learnerWeights({ parameters: fitted.slice(1), log_loss_default: 0.4, log_loss_fitted: 0.3 }),
    ).toBe(DEFAULT_WEIGHTS);
    expect(learnerWeights({ parameters: null, log_loss_default: 0.4, log_loss_fitted: 0.3 })).toBe(
      DEFAULT_WEIGHTS,
    );
    expect(useFittedParameters({ logLossDefault: Number.NaN, logLossFitted: 0.1 })).toBe(false);
  });
});
