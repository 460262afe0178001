import { describe, expect, it } from 'vitest';
import { suggestLineSpans } from './silence.ts';

/** Peaks at 100/s: `pattern` is a list of [seconds, level]. */
function peaks(pattern: [number, number][]): number[] {
  return pattern.flatMap(([seconds, level]) =>
    Array<number>(Math.round(seconds * 100)).fill(level),
  );
}

describe('suggestLineSpans', () => {
  const speech = peaks([
    [0.5, 0],
    [1.5, 0.8],
    [0.2, 0.01], // a breath: too short to matter when wider gaps exist
    [1, 0.7],
    [0.8, 0],
    [2, 0.9],
    [0.5, 0.02],
    [1, 0.6],
    [1, 0],
  ]);

  it('returns spans between the widest gaps, snapped to where silence starts and ends', () => {
    expect(suggestLineSpans(speech, 100, 3)).toEqual([
      { start: 0.5, end: 3.2 },
      { start: 4, end: 6 },
      { start: 6.5, end: 7.5 },
    ]);
  });

  it('returns N spans for N lines: one line covers all the sound', () => {
    expect(suggestLineSpans(speech, 100, 1)).toEqual([{ start: 0.5, end: 7.5 }]);
  });

  it('returns the breath as a boundary only when more lines need it', () => {
    const spans = suggestLineSpans(speech, 100, 4);
    expect(spans).toHaveLength(4);
    expect(spans[0]).toEqual({ start: 0.5, end: 2 });
    expect(spans[1]).toEqual({ start: 2.2, end: 3.2 });
  });

  it('returns cuts at the quietest point when there are fewer gaps than lines', () => {
    const steady = peaks([
      [1, 0.5],
      [0.01, 0.3],
      [0.99, 0.5],
    ]);
    const spans = suggestLineSpans(steady, 100, 2);
    expect(spans).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
  });

  it('returns nothing for no lines or no peaks, and does not throw on silence', () => {
    expect(suggestLineSpans(speech, 100, 0)).toEqual([]);
    expect(suggestLineSpans([], 100, 3)).toEqual([]);
    expect(suggestLineSpans(peaks([[1, 0]]), 100, 2)).toHaveLength(2);
  });
});
