import { describe, expect, it } from 'vitest';
import { timeUntil } from './next-due.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('timeUntil', () => {
  it.each([
    [-5_000, { value: 1, unit: 'minute' }],
    [30_000, { value: 1, unit: 'minute' }],
    [61_000, { value: 2, unit: 'minute' }],
    [59 * 60_000, { value: 59, unit: 'minute' }],
    [60 * 60_000, { value: 1, unit: 'hour' }],
    [23.6 * 3_600_000, { value: 24, unit: 'hour' }],
    [35 * 3_600_000, { value: 35, unit: 'hour' }],
    [36 * 3_600_000, { value: 2, unit: 'day' }],
    [10 * 86_400_000, { value: 10, unit: 'day' }],
  ])('returns the largest natural unit for %d ms', (ms, expected) => {
    expect(timeUntil(at(ms), NOW)).toEqual(expected);
  });
});
