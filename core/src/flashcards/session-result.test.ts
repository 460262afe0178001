import { describe, expect, it } from 'vitest';
import { accuracyPercent, isPassed, passMark, summariseSession } from './session-result.ts';

describe('session result', () => {
  it.each([
    [20, 16],
    [15, 12],
    [10, 8],
    [6, 5],
    [5, 4],
    [3, 3],
    [1, 1],
    [0, 0],
  ])('returns the pass mark ceil(0.8 × %i) = %i', (total, mark) => {
    expect(passMark(total)).toBe(mark);
  });

  it('returns passed at 80 % or more and never for an empty session', () => {
    expect(isPassed(16, 20)).toBe(true);
    expect(isPassed(15, 20)).toBe(false);
    expect(isPassed(5, 6)).toBe(true);
    expect(isPassed(4, 6)).toBe(false);
    expect(isPassed(0, 0)).toBe(false);
  });

  it('returns accuracy as a whole percent', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(0, 0)).toBe(0);
  });

  it('returns totals and results in the spec shape', () => {
    const results = [
      { cardId: 'a', correct: true, timeSpent: 1200, selectedOption: 'apple' },
      { cardId: 'b', correct: false, timeSpent: 800, selectedOption: 'pear' },
    ];
    expect(summariseSession(2, results)).toEqual({
      totalCards: 2,
      correctAnswers: 1,
      accuracy: 50,
      results,
    });
  });
});
