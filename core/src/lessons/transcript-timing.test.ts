import { describe, expect, it } from 'vitest';
import { activeLineIndex, withDefaultTimings } from './transcript-timing.ts';

describe('transcript timings', () => {
  it('returns 5 s × index starts and 4 s lengths for missing times', () => {
    const lines = [
      { text: 'a' },
      { text: 'b', start_time: null, end_time: null },
      { text: 'c', start_time: 12.5 },
      { text: 'd', start_time: 20, end_time: 21 },
      { text: 'e', end_time: 30 },
    ];
    expect(withDefaultTimings(lines).map((l) => [l.start_time, l.end_time])).toEqual([
      [0, 4],
      [5, 9],
      [12.5, 16.5],
      [20, 21],
      [20, 30],
    ]);
  });

  it('returns the active line for a playback time', () => {
    const timed = withDefaultTimings([{}, {}, {}]);
    expect(activeLineIndex(timed, 0)).toBe(0);
    expect(activeLineIndex(timed, 10)).toBe(2);
  });

  it('keeps the line heard last highlighted in the gap until the next one starts', () => {
    const timed = withDefaultTimings([{}, {}, {}]); // [0,4) [5,9) [10,14)
    expect(activeLineIndex(timed, 4)).toBe(0);
    expect(activeLineIndex(timed, 4.9)).toBe(0);
    expect(activeLineIndex(timed, 5)).toBe(1);
    expect(activeLineIndex(timed, 9.5)).toBe(1);
    // After the last line ends it stays highlighted.
    expect(activeLineIndex(timed, 60)).toBe(2);
  });

  it('highlights nothing before the first line starts', () => {
    const lines = [
      { start_time: 1.5, end_time: 3 },
      { start_time: 3.7, end_time: 5 },
    ];
    expect(activeLineIndex(lines, 0)).toBe(-1);
    expect(activeLineIndex(lines, 1.4)).toBe(-1);
    expect(activeLineIndex(lines, 3.2)).toBe(0);
    expect(activeLineIndex([], 3)).toBe(-1);
  });
});
