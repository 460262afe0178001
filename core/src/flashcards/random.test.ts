import { describe, expect, it } from 'vitest';
import { mulberry32, seedFromText, shuffle } from './random.ts';

describe('seeded randomness', () => {
  it('returns the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seqA);
    expect(seqA.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(seqA[0]);
  });

  it('returns stable 32-bit seeds from text', () => {
    expect(seedFromText('card-1')).toBe(seedFromText('card-1'));
    expect(seedFromText('card-1')).not.toBe(seedFromText('card-2'));
    expect(seedFromText('')).toBe(0x811c9dc5);
  });

  it('returns a permutation without changing the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const output = shuffle(input, mulberry32(7));
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...output].sort((x, y) => x - y)).toEqual(input);
    expect(output).not.toEqual(input);
    expect(shuffle(input, mulberry32(7))).toEqual(output);
  });
});
