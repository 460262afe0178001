import { describe, expect, it } from 'vitest';
import { en, t } from '../messages/index.ts';
import {
  durationMinutes,
  formatClock,
  formatDuration,
  landingDurationText,
  minutesToSeconds,
  storedDuration,
} from './duration.ts';

describe('duration formats', () => {
  it.each([
    [51.6, 51, '0:51'],
    [51.99, 51, '0:51'],
    [7.32, 7, '0:07'],
    [3600.5, 3600, '60:00'],
  ])(
    'returns %s s stored as %i, the clock the player shows for it (%s)',
    (seconds, whole, clock) => {
      expect(storedDuration(seconds)).toBe(whole);
      expect(formatClock(storedDuration(seconds) ?? 0)).toBe(clock);
      expect(formatClock(seconds)).toBe(clock);
    },
  );

  it.each([null, undefined, 0, -1, Number.NaN])('returns no stored duration for %s', (seconds) => {
    expect(storedDuration(seconds)).toBeNull();
  });

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
