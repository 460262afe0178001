import { describe, expect, it } from 'vitest';
import { computeStreaks } from './streak.ts';

const at = (iso: string) => new Date(iso);
const zone = 'Europe/Budapest';

describe('computeStreaks', () => {
  it('returns zeros without activity', () => {
    expect(computeStreaks([], at('2026-06-15T10:00:00Z'), zone)).toEqual({
      current: 0,
      longest: 0,
      lastActiveDay: null,
    });
  });

  it('returns a current streak ending today', () => {
    const activity = ['2026-06-13T18:00:00Z', '2026-06-14T18:00:00Z', '2026-06-15T08:00:00Z'];
    const streaks = computeStreaks(activity.map(at), at('2026-06-15T10:00:00Z'), zone);
    expect(streaks).toEqual({ current: 3, longest: 3, lastActiveDay: '2026-06-15' });
  });

  it('returns a streak still current when the last activity was yesterday', () => {
    const activity = ['2026-06-13T18:00:00Z', '2026-06-14T18:00:00Z'];
    expect(computeStreaks(activity.map(at), at('2026-06-15T10:00:00Z'), zone).current).toBe(2);
  });

  it('returns current 0 after a missed day but keeps the longest', () => {
    const activity = [
      '2026-06-01T10:00:00Z',
      '2026-06-02T10:00:00Z',
      '2026-06-03T10:00:00Z',
      '2026-06-12T10:00:00Z',
    ];
    const streaks = computeStreaks(activity.map(at), at('2026-06-15T10:00:00Z'), zone);
    expect(streaks).toEqual({ current: 0, longest: 3, lastActiveDay: '2026-06-12' });
  });

  it('returns a review at 01:30 local counted for the evening before (4 am cutoff)', () => {
    // 22:00 CEST on 14 June, then 01:30 CEST on 16 June: both days counted, no gap.
    const activity = ['2026-06-13T20:00:00Z', '2026-06-14T20:00:00Z', '2026-06-15T23:30:00Z'];
    const streaks = computeStreaks(activity.map(at), at('2026-06-16T09:00:00Z'), zone);
    expect(streaks.current).toBe(3);
    expect(streaks.lastActiveDay).toBe('2026-06-15');
  });

  it('returns streaks across the DST change and month end', () => {
    // 28, 29, 30, 31 March and 1 April 2026 at 04:30 local; the clocks change on the 29th.
    const activity = [
      '2026-03-28T03:30:00Z',
      '2026-03-29T02:30:00Z',
      '2026-03-30T02:30:00Z',
      '2026-03-31T02:30:00Z',
      '2026-04-01T02:30:00Z',
    ];
    const streaks = computeStreaks(activity.map(at), at('2026-04-01T12:00:00Z'), zone);
    expect(streaks).toEqual({ current: 5, longest: 5, lastActiveDay: '2026-04-01' });
  });

  it('returns streaks across the year end in New York, ignoring future activity', () => {
    const activity = [
      '2026-12-30T15:00:00Z',
      '2026-12-31T15:00:00Z',
      '2027-01-01T15:00:00Z',
      '2027-01-05T15:00:00Z',
    ];
    const streaks = computeStreaks(
      activity.map(at),
      at('2027-01-01T20:00:00Z'),
      'America/New_York',
    );
    expect(streaks).toEqual({ current: 3, longest: 3, lastActiveDay: '2027-01-01' });
  });
});
