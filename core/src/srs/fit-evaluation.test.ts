import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { evaluateWeights, predictRecall } from './fit-evaluation.ts';
import type { OptimiserItem } from './optimiser-items.ts';

// Weights whose stability after a first Good is exactly 3 days: on day 3 recall is 90 %.
const weights = [...default_w];
weights[2] = 3;
const reviewedAfter = (rating: 1 | 3, deltaT: number): OptimiserItem => ({
  reviews: [
    { rating: 3, deltaT: 0 },
    { rating, deltaT },
  ],
});

describe('evaluateWeights', () => {
  it('returns the retrievability FSRS gives on the day of the review', () => {
    const [atStability, later, sooner] = predictRecall(
      [reviewedAfter(3, 3), reviewedAfter(3, 30), reviewedAfter(3, 1)],
      weights,
    );
    expect(atStability).toBeCloseTo(0.9, 6);
    expect(later).toBeLessThan(0.9);
    expect(sooner).toBeGreaterThan(0.9);
  });

  it('returns the log loss of recalled and forgotten reviews and a calibration of 0 when it matches', () => {
    const items = [...Array.from({ length: 9 }, () => reviewedAfter(3, 3)), reviewedAfter(1, 3)];
    const evaluation = evaluateWeights(items, weights);
    expect(evaluation.count).toBe(10);
    expect(evaluation.logLoss).toBeCloseTo((9 * -Math.log(0.9) - Math.log(0.1)) / 10, 6);
    expect(evaluation.rmseBins).toBeCloseTo(0, 6);
    // All recalled: the 90 % predictions were 10 points too low.
    expect(evaluateWeights(items.slice(0, 9), weights).rmseBins).toBeCloseTo(0.1, 6);
  });

  it('returns better numbers for the weights the reviews came from', () => {
    const items = [...Array.from({ length: 9 }, () => reviewedAfter(3, 3)), reviewedAfter(1, 3)];
    expect(evaluateWeights(items, weights).logLoss).toBeLessThan(
      evaluateWeights(items, default_w).logLoss,
    );
  });

  it('returns NaN for nothing to predict, skipping items without a history', () => {
    const single: OptimiserItem = { reviews: [{ rating: 3, deltaT: 0 }] };
    expect(predictRecall([single], weights)).toEqual([Number.NaN]);
    expect(evaluateWeights([single], weights)).toEqual({
      logLoss: Number.NaN,
      rmseBins: Number.NaN,
      count: 0,
    });
    expect(evaluateWeights([], weights).count).toBe(0);
  });
});
