import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { ratingForTypedAnswer, typedSlowAfterMs } from './typed-rating.ts';
import { DESIRED_RETENTION, isDesiredRetention } from './retention.ts';

describe('ratingForTypedAnswer', () => {
  const word = { expectedLength: 5 }; // slow after 6 s + 5 × 0.7 s = 9.5 s

  it.each([
    [{ correct: false }, Rating.Again],
    [{ correct: false, easy: true }, Rating.Again],
    [{ correct: false, hintUsed: true }, Rating.Again],
    [{ correct: true }, Rating.Good],
    [{ correct: true, durationMs: 9500 }, Rating.Good],
    [{ correct: true, durationMs: 9501 }, Rating.Hard],
    [{ correct: true, durationMs: null }, Rating.Good],
    [{ correct: true, hintUsed: true }, Rating.Hard],
    [{ correct: true, hintUsed: true, easy: true }, Rating.Hard],
    [{ correct: true, easy: true }, Rating.Easy],
    [{ correct: true, easy: true, durationMs: 60_000 }, Rating.Easy],
  ])('returns for %j rating %i', (answer, rating) => {
    expect(ratingForTypedAnswer({ ...word, ...answer })).toBe(rating);
  });

  it('returns a slow threshold that grows with the answer’s length', () => {
    expect(typedSlowAfterMs(0)).toBe(6000);
    expect(typedSlowAfterMs(-3)).toBe(6000);
    expect(typedSlowAfterMs(30)).toBe(27_000);
    // The same 15 s is slow for a short word and not for a line.
    expect(ratingForTypedAnswer({ correct: true, expectedLength: 3, durationMs: 15_000 })).toBe(
      Rating.Hard,
    );
    expect(ratingForTypedAnswer({ correct: true, expectedLength: 30, durationMs: 15_000 })).toBe(
      Rating.Good,
    );
  });

  it('returns the desired retention range 0.80–0.95, default 0.90', () => {
    expect(DESIRED_RETENTION).toEqual({ min: 0.8, max: 0.95, default: 0.9 });
    expect([0.8, 0.9, 0.95].every(isDesiredRetention)).toBe(true);
    expect([0.79, 0.951, '0.9', Number.NaN, null].some(isDesiredRetention)).toBe(false);
  });
});
