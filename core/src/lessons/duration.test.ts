import { describe, expect, it } from 'vitest';
import { en, t } from '../messages/index.ts';
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
    [null, null],
    [undefined, null],
    [0, null],
    [Number.NaN, null],
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
    expect(landingDurationText(seconds)?.message ?? null).toBe(text);
  });

  it('returns minutes as a key and parameters that render in another catalogue', () => {
    const catalogue = { ...en, 'landing.lessons.durationMinutes': '{n} Min.' };
    const text = landingDurationText(600);
    expect(text).toMatchObject({ key: 'landing.lessons.durationMinutes', params: { n: 10 } });
    if (text) expect(t(text.key, text.params, catalogue)).toBe('10 Min.');
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
