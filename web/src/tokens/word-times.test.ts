import { describe, expect, it } from 'vitest';
import { token } from './fixture.test-support.ts';
import { activeWordIndex, tokenSpan } from './word-times.ts';

const words = [
  token({
    text: 'Kérek',
    position: 0,
    start_time: 1,
    end_time: 1.4,
    slow_start_time: 2,
    slow_end_time: 2.8,
  }),
  token({
    text: 'egy',
    position: 1,
    start_time: 1.5,
    end_time: 1.7,
    slow_start_time: 3,
    slow_end_time: 3.4,
  }),
  token({ text: 'kávét', position: 2, start_time: 1.7, end_time: 2.2 }),
];

describe('the word being spoken', () => {
  it('is the word whose span in the version being heard holds the time', () => {
    expect(activeWordIndex(words, 1.2, 'normal')).toBe(0);
    expect(activeWordIndex(words, 1.55, 'normal')).toBe(1);
    // An end is the next word's start: the later word wins.
    expect(activeWordIndex(words, 1.7, 'normal')).toBe(2);
    expect(activeWordIndex(words, 2.5, 'slow')).toBe(0);
    expect(activeWordIndex(words, 3.1, 'slow')).toBe(1);
  });

  it('is none in the pauses, outside the line and where the version has no word times', () => {
    expect(activeWordIndex(words, 1.45, 'normal')).toBe(-1);
    expect(activeWordIndex(words, 0.5, 'normal')).toBe(-1);
    expect(activeWordIndex(words, 2.2, 'normal')).toBe(-1);
    expect(activeWordIndex(words, 1.8, 'slow')).toBe(-1);
    expect(activeWordIndex(words, 1.2, 'natural')).toBe(-1);
    expect(activeWordIndex(undefined, 1.2, 'normal')).toBe(-1);
  });

  it('takes each version’s own times, and none for an empty or reversed span', () => {
    expect(tokenSpan(words[0]!, 'slow')).toEqual({ start: 2, end: 2.8 });
    expect(
      tokenSpan(token({ text: 'a', natural_start_time: 3, natural_end_time: 3.2 }), 'natural'),
    ).toEqual({
      start: 3,
      end: 3.2,
    });
    expect(tokenSpan(token({ text: 'a', start_time: 3, end_time: 3 }), 'normal')).toBeNull();
    expect(tokenSpan(words[2]!, 'slow')).toBeNull();
  });
});
