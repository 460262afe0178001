import { describe, expect, it } from 'vitest';
import { clearOfDayStart } from './index.ts';

// The demo history's days must each fall on one local day (they start at 04:00 local): the seed
// test's streak of 3 read 1 when the seed ran between 03:30 and 04:00 in Budapest.
describe('the demo history ends clear of the local day start', () => {
  const zone = 'Europe/Budapest';

  it('moves an end between 03:00 and 04:00 local an hour back, so its 31 minutes stay before 04:00', () => {
    const at = new Date('2026-11-28T02:35:00Z'); // 03:35 in Budapest (CET)
    const end = clearOfDayStart(at, zone);
    expect(end.toISOString()).toBe('2026-11-28T01:35:00.000Z');
    const local = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeStyle: 'short' }).format(d);
    expect(local(new Date(end.getTime() + 31 * 60_000))).toBe('03:06');
  });

  it('keeps every other moment, on both sides of the hour and in summer time', () => {
    for (const iso of ['2026-11-28T01:59:00Z', '2026-11-28T03:00:00Z', '2026-07-01T02:30:00Z']) {
      expect(clearOfDayStart(new Date(iso), zone).toISOString()).toBe(new Date(iso).toISOString());
    }
    // 03:10 in summer (CEST, UTC+2) moves.
    expect(clearOfDayStart(new Date('2026-07-01T01:10:00Z'), zone).toISOString()).toBe(
      '2026-07-01T00:10:00.000Z',
    );
  });
});
