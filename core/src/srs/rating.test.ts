import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { ratingForAnswer } from './rating.ts';

describe('ratingForAnswer', () => {
  it.each([
    [false, 1000, undefined, Rating.Again],
    [false, 60000, 8000, Rating.Again],
    [true, 1000, undefined, Rating.Good],
    [true, 60000, undefined, Rating.Good],
    [true, 8000, 8000, Rating.Good],
    [true, 8001, 8000, Rating.Hard],
  ])(
    'returns for correct=%s in %i ms (slow after %s) rating %i',
    (correct, durationMs, slow, rating) => {
      expect(ratingForAnswer({ correct, durationMs }, slow)).toBe(rating);
    },
  );

  it('returns Good for a correct answer without a measured duration', () => {
    expect(ratingForAnswer({ correct: true }, 8000)).toBe(Rating.Good);
    expect(ratingForAnswer({ correct: true, durationMs: null }, 8000)).toBe(Rating.Good);
  });

  it('returns never Easy', () => {
    for (const correct of [true, false]) {
      for (const durationMs of [0, 1, 100, 100000]) {
        expect(ratingForAnswer({ correct, durationMs }, 5000)).not.toBe(Rating.Easy);
      }
    }
  });
});
