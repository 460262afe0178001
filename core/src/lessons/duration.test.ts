import { describe, expect, it } from 'vitest';
import { en } from '../messages/index.ts';
import {
  durationMinutes,
  formatClock,
  formatDuration,
  landingDurationText,
  minutesToSeconds,
} from './duration.ts';

describe('duration formats', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [4503, '75:03'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('returns the clock for %s s as %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });

  it.each([
    [null, 'N/A'],
    [undefined, 'N/A'],
    [0, 'N/A'],
    [Number.NaN, 'N/A'],
    [59, '0:59'],
    [754, '12:34'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725.4, '1:02:05'],
    [36000, '10:00:00'],
  ])('returns the review-page duration for %s as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [null, null, null],
    [-1, null, null],
    [10, 1, '1 min'],
    [720, 12, '12 min'],
    [749, 12, '12 min'],
    [750, 13, '13 min'],
  ])('returns landing minutes for %s s', (seconds, minutes, text) => {
    expect(durationMinutes(seconds)).toBe(minutes);
    expect(landingDurationText(seconds)).toBe(text);
  });

  it('returns N/A and minutes from the catalogue passed in', () => {
    const catalogue = {
      ...en,
      'reviewPage.durationNa': 'k. A.',
      'landing.lessons.durationMinutes': '{n} Min.',
    };
    expect(formatDuration(null, catalogue)).toBe('k. A.');
    expect(landingDurationText(600, catalogue)).toBe('10 Min.');
  });

  it.each([
    ['12', 720],
    [' 1.5 ', 90],
    ['', null],
    ['abc', null],
    ['-2', null],
  ])('returns seconds for the minutes field %j', (input, seconds) => {
    expect(minutesToSeconds(input)).toBe(seconds);
  });
});
