import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDay, startOfLocalDay } from './local-day.ts';

describe('learner local day', () => {
  it.each([
    // Europe/Budapest, spring forward 2026-03-29 02:00 CET → 03:00 CEST (01:00 UTC).
    ['Europe/Budapest', '2026-03-29T00:59:00Z', '2026-03-28', 'spring change: 01:59 CET'],
    ['Europe/Budapest', '2026-03-29T01:59:00Z', '2026-03-28', 'spring change: 03:59 CEST'],
    ['Europe/Budapest', '2026-03-29T02:00:00Z', '2026-03-29', 'spring change: 04:00 CEST'],
    ['Europe/Budapest', '2026-03-29T02:30:00Z', '2026-03-29', 'spring change: not now − 4 h'],
    // Europe/Budapest, fall back 2026-10-25 03:00 CEST → 02:00 CET (01:00 UTC).
    ['Europe/Budapest', '2026-10-25T01:59:00Z', '2026-10-24', 'autumn change: 02:59 CET'],
    ['Europe/Budapest', '2026-10-25T02:59:00Z', '2026-10-24', 'autumn change: 03:59 CET'],
    ['Europe/Budapest', '2026-10-25T03:00:00Z', '2026-10-25', 'autumn change: 04:00 CET'],
    // America/New_York, 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
    ['America/New_York', '2026-03-08T07:59:00Z', '2026-03-07', 'NY spring: 03:59 EDT'],
    ['America/New_York', '2026-03-08T08:00:00Z', '2026-03-08', 'NY spring: 04:00 EDT'],
    ['America/New_York', '2026-11-01T08:59:00Z', '2026-10-31', 'NY autumn: 03:59 EST'],
    ['America/New_York', '2026-11-01T09:00:00Z', '2026-11-01', 'NY autumn: 04:00 EST'],
    // Cutoff, month end, year end, leap day.
    ['Europe/Budapest', '2026-06-15T01:59:00Z', '2026-06-14', 'cutoff: 03:59 CEST'],
    ['Europe/Budapest', '2026-06-15T02:00:00Z', '2026-06-15', 'cutoff: 04:00 CEST'],
    ['Europe/Budapest', '2026-03-01T02:00:00Z', '2026-02-28', 'month end: 03:00 on 1 March'],
    ['Europe/Budapest', '2026-04-30T21:30:00Z', '2026-04-30', 'month end: 23:30 on 30 April'],
    ['Europe/Budapest', '2027-01-01T02:30:00Z', '2026-12-31', 'year end: 03:30 on 1 January'],
    ['Europe/Budapest', '2027-01-01T03:00:00Z', '2027-01-01', 'year end: 04:00 on 1 January'],
    ['Europe/Budapest', '2028-03-01T01:00:00Z', '2028-02-29', 'leap year: 02:00 on 1 March'],
    ['UTC', '2026-07-01T03:59:59Z', '2026-06-30', 'UTC before cutoff'],
    ['Asia/Kolkata', '2026-07-01T22:29:00Z', '2026-07-01', 'half-hour zone: 03:59 IST'],
    ['Asia/Kolkata', '2026-07-01T22:30:00Z', '2026-07-02', 'half-hour zone: 04:00 IST'],
  ])('returns the learner day in %s at %s (%s → %s)', (zone, iso, expected) => {
    expect(localDay(new Date(iso), zone)).toBe(expected);
  });

  it('returns the calendar day with a cutoff of 0', () => {
    expect(localDay(new Date('2026-06-15T00:30:00Z'), 'Europe/Budapest', 0)).toBe('2026-06-15');
  });

  it('throws for an unknown time zone', () => {
    expect(() => localDay(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-03-28', 2, '2026-03-30'],
  ])('returns %s plus %i days as %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(n);
  });

  it.each([
    ['2026-03-29', 'Europe/Budapest', '2026-03-29T02:00:00.000Z'],
    ['2026-03-28', 'Europe/Budapest', '2026-03-28T03:00:00.000Z'],
    ['2026-10-25', 'Europe/Budapest', '2026-10-25T03:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T08:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T09:00:00.000Z'],
    ['2026-07-02', 'Asia/Kolkata', '2026-07-01T22:30:00.000Z'],
  ])('returns the start of %s in %s as %s', (day, zone, iso) => {
    expect(startOfLocalDay(day, zone).toISOString()).toBe(iso);
  });
});
