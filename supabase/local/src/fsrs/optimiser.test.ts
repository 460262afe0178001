import {
  DEFAULT_WEIGHTS,
  fitLearnerParameters,
  optimiserItems,
  simulateLearner,
  weightsAround,
} from '@magyarul/core/srs';
import { mulberry32 } from '@magyarul/core/flashcards';
import { describe, expect, it } from 'vitest';
import { fsrsRsOptimiser } from './optimiser.ts';

// The real optimiser (fsrs-rs through its native binding) on simulated learners whose memory
// follows FSRS-6 with known weights.
describe('fsrsRsOptimiser', () => {
  it('returns 21 finite weights that predict a learner’s held-out reviews better than the defaults', async () => {
    const random = mulberry32(30);
    // A learner far from the defaults: every new word starts four times as stable.
    const trueWeights = weightsAround(random, 0.6);
    for (let i = 0; i < 4; i++) trueWeights[i] = (DEFAULT_WEIGHTS[i] as number) * 4;
    const items = optimiserItems(simulateLearner({ random, trueWeights, maxReviews: 3000 }));
    const fit = await fitLearnerParameters(items, fsrsRsOptimiser());
    if (fit.status !== 'fitted') throw new Error(`expected a fit, got ${fit.status}`);
    expect(fit.parameters).toHaveLength(21);
    expect(fit.parameters.every(Number.isFinite)).toBe(true);
    expect(fit.fitted.logLoss).toBeLessThan(fit.defaults.logLoss);
    expect(fit.useFitted).toBe(true);
    // The fitted initial stability after Good moved from the default towards the learner's.
    expect(fit.parameters[2]).toBeGreaterThan((DEFAULT_WEIGHTS[2] as number) * 1.5);
  });

  it('returns the defaults for a history too short to train on', async () => {
    const items = [
      {
        reviews: [
          { rating: 3 as const, deltaT: 0 },
          { rating: 3 as const, deltaT: 2 },
        ],
      },
    ];
    const weights = await fsrsRsOptimiser()(items);
    expect(weights.map((w) => w.toFixed(4))).toEqual(DEFAULT_WEIGHTS.map((w) => w.toFixed(4)));
  });
});
