import { describe, expect, it } from 'vitest';
import {
  formatTimeClock,
  formatTimeInput,
  parseTimeInput,
  validateTimings,
} from './transcript-times.ts';

const timed = (...pairs: [number | null, number | null][]) =>
  pairs.map(([start_time, end_time]) => ({ start_time, end_time }));

describe('transcript times', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['4.8', 4.8],
    ['4,8', 4.8],
    ['8.33', 8.33],
    ['.5', 0.5],
    ['70', 70],
    ['1:04.8', 64.8],
    ['0:05', 5],
    ['1:00:00.25', 3600.25],
    ['0.1234', 0.123],
  ])('returns %j read as %j seconds', (text, value) => {
    expect(parseTimeInput(text)).toEqual({ ok: true, value });
  });

  it.each(['-1', 'abc', '1:75', '1:2:3:4', '4.8s', '1e3', '1:60:00'])(
    'returns %j refused',
    (text) => {
      expect(parseTimeInput(text)).toEqual({ ok: false });
    },
  );

  it('returns stored times for the input exactly and clock times for messages', () => {
    expect(formatTimeInput(8.33)).toBe('8.33');
    expect(formatTimeInput(0.4)).toBe('0.4');
    expect(formatTimeInput(null)).toBe('');
    expect(formatTimeClock(64.8)).toBe('1:04.80');
    expect(formatTimeClock(70.22)).toBe('1:10.22');
    expect(formatTimeClock(0)).toBe('0:00.00');
  });

  it('returns no issue for ordered, non-overlapping times inside the audio and untimed lines', () => {
    expect(validateTimings(timed([0.4, 4.8], [null, null], [5.5, 8.33], [8.33, 12]), 12)).toEqual(
      [],
    );
  });

  it('returns one issue per broken rule, naming the line', () => {
    const issues = validateTimings(
      timed([0.4, 4.8], [5, null], [6, 6], [9, 8], [7, 9.5], [68, 71]),
      70.22,
    );
    expect(issues.map((i) => [i.code, i.index, i.field])).toEqual([
      ['half-timed', 1, 'end'],
      ['start-not-before-end', 2, 'end'],
      ['start-not-before-end', 3, 'end'],
      ['overlap', 4, 'start'],
      ['past-audio', 5, 'end'],
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      'Line 2: Enter both a start and an end time, or leave both empty.',
      'Line 3: The start (0:06.00) must be before the end (0:06.00).',
      'Line 4: The start (0:09.00) must be before the end (0:08.00).',
      'Line 5 overlaps line 4: it starts at 0:07.00, before line 4 ends at 0:08.00.',
      'Line 6: 1:11.00 is past the end of the audio (1:10.22).',
    ]);
  });

  it('returns an overlap with the earlier line that ends latest, not only the previous one', () => {
    const issues = validateTimings(timed([0, 10], [10, 11], [10.5, 12]), null);
    expect(issues.map((i) => [i.code, i.index, i.params.m])).toEqual([['overlap', 2, 2]]);
    const skipped = validateTimings(timed([0, 10], [null, null], [9, 12]), null);
    expect(skipped.map((i) => [i.code, i.index, i.params.m])).toEqual([['overlap', 2, 1]]);
  });

  it('returns no audio check when the duration is unknown', () => {
    expect(validateTimings(timed([100, 200]), null)).toEqual([]);
  });
});
