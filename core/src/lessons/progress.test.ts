import { describe, expect, it } from 'vitest';
import {
  audioCompletedUpsert,
  flashcardPassUpsert,
  isAudioComplete,
  progressStrip,
} from './progress.ts';

const now = new Date('2026-06-15T10:00:00Z');

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

  it('returns the audio completion upsert', () => {
    expect(audioCompletedUpsert('u1', 'l1', now)).toEqual({
      user_id: 'u1',
      lesson_id: 'l1',
      audio_completed: true,
      updated_at: '2026-06-15T10:00:00.000Z',
    });
  });

  it('returns the completing upsert for a pass at 80 %', () => {
    expect(
      flashcardPassUpsert('u1', 'l1', { correctAnswers: 16, totalCards: 20, accuracy: 80 }, now),
    ).toEqual({
      user_id: 'u1',
      lesson_id: 'l1',
      audio_completed: true,
      flashcard_score: 16,
      flashcard_passed: true,
      flashcard_accuracy: 80,
      is_completed: true,
      completed_at: '2026-06-15T10:00:00.000Z',
      updated_at: '2026-06-15T10:00:00.000Z',
    });
  });

  it('returns null below the pass mark', () => {
    expect(
      flashcardPassUpsert('u1', 'l1', { correctAnswers: 15, totalCards: 20, accuracy: 75 }, now),
    ).toBeNull();
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
