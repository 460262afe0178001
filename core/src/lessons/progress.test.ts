import { describe, expect, it } from 'vitest';
import { isAudioComplete, progressStrip } from './progress.ts';

describe('lesson progress transitions', () => {
  it.each([
    [0, 100, false, false],
    [98.9, 100, false, false],
    [99, 100, false, true],
    [100, 100, false, true],
    [10, 100, true, true],
    [5, 0, false, false],
    [5, Number.NaN, false, false],
    [5, Number.NaN, true, true],
  ])('returns complete=%s for time %s of %s (ended %s)', (time, duration, ended, expected) => {
    expect(isAudioComplete(time, duration, ended)).toBe(expected);
  });

  it.each([
    [null, { audio: 'incomplete', flashcards: 'locked' }],
    [
      { audio_completed: true, flashcard_passed: false, is_completed: false },
      { audio: 'complete', flashcards: 'ready' },
    ],
    [
      { audio_completed: true, flashcard_passed: true, is_completed: true },
      { audio: 'complete', flashcards: 'complete' },
    ],
  ])('returns the progress strip for %o', (progress, expected) => {
    expect(progressStrip(progress)).toEqual(expected);
  });
});
