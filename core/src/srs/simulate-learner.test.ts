import { CLAMP_PARAMETERS, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../flashcards/random.ts';
import { DEFAULT_WEIGHTS } from './learner-parameters.ts';
import { simulateLearner, weightsAround } from './simulate-learner.ts';

const forgotten = (weights: readonly number[]) => {
  const log = simulateLearner({
    random: mulberry32(5),
    trueWeights: weights,
    cards: 100,
    days: 120,
  });
  return log.filter((r) => r.rating === Rating.Again).length / log.length;
};

describe('simulated learners', () => {
  it('returns weights around the defaults within the optimiser’s ranges, repeatably', () => {
    const ranges = CLAMP_PARAMETERS(2, true);
    const weights = weightsAround(mulberry32(1), 0.6);
    expect(weights).toEqual(weightsAround(mulberry32(1), 0.6));
    expect(weights).not.toEqual([...DEFAULT_WEIGHTS]);
    weights.forEach((w, i) => {
      const [low, high] = ranges[i] as number[];
      expect(w).toBeGreaterThanOrEqual(low as number);
      expect(w).toBeLessThanOrEqual(high as number);
    });
  });

  it('returns a log in time order, new cards at their pace, at most the reviews asked for', () => {
    const log = simulateLearner({
      random: mulberry32(3),
      trueWeights: DEFAULT_WEIGHTS,
      cards: 40,
      newPerDay: 10,
      days: 60,
    });
    const times = log.map((r) => r.reviewedAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(log.map((r) => r.cardId)).size).toBe(40);
    expect(new Set(log.slice(0, 10).map((r) => r.cardId)).size).toBe(10);
    expect(
      simulateLearner({ random: mulberry32(3), trueWeights: DEFAULT_WEIGHTS, maxReviews: 123 }),
    ).toHaveLength(123);
  });

  it('returns fewer lapses for a learner whose memory starts more stable', () => {
    const strong = [...DEFAULT_WEIGHTS];
    for (let i = 0; i < 4; i++) strong[i] = (DEFAULT_WEIGHTS[i] as number) * 5;
    expect(forgotten(strong)).toBeLessThan(forgotten(DEFAULT_WEIGHTS));
  });
});
