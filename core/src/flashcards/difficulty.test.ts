import { describe, expect, it } from 'vitest';
import { toCardDifficulty } from './difficulty.ts';

describe('toCardDifficulty', () => {
  it.each([
    ['easy', 'beginner'],
    ['medium', 'intermediate'],
    ['hard', 'advanced'],
    ['Beginner', 'beginner'],
    ['intermediate', 'intermediate'],
    [' ADVANCED ', 'advanced'],
    ['expert', 'intermediate'],
    ['', 'intermediate'],
    [null, 'intermediate'],
    [undefined, 'intermediate'],
  ])('returns the card difficulty for %s', (value, expected) => {
    expect(toCardDifficulty(value)).toBe(expected);
  });
});
