import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { newWordProgress } from './progress.ts';
import type { WordProgress } from './progress.ts';
import { reviewWord } from './review.ts';

const DAY = 86_400_000;
const start = new Date('2026-06-01T08:00:00Z');
const right = { correct: true, durationMs: 2000 };
const wrong = { correct: false, durationMs: 3000 };

/** Answers correctly at each due time until the card reaches the review state. */
function graduate(cardId: string): WordProgress {
  let progress = newWordProgress(start);
  while (progress.state !== 'review') {
    progress = reviewWord(progress, right, progress.due, { cardId }).progress;
  }
  return progress;
}

describe('reviewWord', () => {
  it('returns a new card due at once with zero counts', () => {
    const progress = newWordProgress(start);
    expect(progress).toMatchObject({
      due: start,
      state: 'new',
      reps: 0,
      lapses: 0,
      last_review: null,
      times_seen: 0,
      times_correct: 0,
    });
  });

  it('returns the next state and a log for a first correct answer', () => {
    const { progress, log } = reviewWord(newWordProgress(start), right, start, { cardId: 'u1:w1' });
    expect(progress.state).toBe('learning');
    expect(progress.reps).toBe(1);
    expect(progress.last_review).toEqual(start);
    expect(progress.due.getTime()).toBeGreaterThan(start.getTime());
    expect(progress.times_seen).toBe(1);
    expect(progress.times_correct).toBe(1);
    expect(progress.stability).toBeGreaterThan(0);
    expect(log).toMatchObject({
      rating: Rating.Good,
      state: 'new',
      review: start,
      elapsed_days: 0,
      duration_ms: 2000,
    });
  });

  it('returns Again for a wrong answer and counts it as seen, not correct', () => {
    const { progress, log } = reviewWord(newWordProgress(start), wrong, start, { cardId: 'c' });
    expect(log.rating).toBe(Rating.Again);
    expect(progress.times_seen).toBe(1);
    expect(progress.times_correct).toBe(0);
  });

  it('returns Hard for a slow correct answer when a threshold is set', () => {
    const slow = { correct: true, durationMs: 12_000 };
    const { log } = reviewWord(newWordProgress(start), slow, start, {
      cardId: 'c',
      slowAfterMs: 8000,
    });
    expect(log.rating).toBe(Rating.Hard);
  });

  it('returns a lapse and relearning after a wrong answer in review', () => {
    const graduated = graduate('u1:w2');
    expect(graduated.lapses).toBe(0);
    const reviewAt = new Date(graduated.due.getTime() + 3 * DAY);
    const { progress, log } = reviewWord(graduated, wrong, reviewAt, { cardId: 'u1:w2' });
    expect(progress.state).toBe('relearning');
    expect(progress.lapses).toBe(1);
    expect(progress.stability).toBeLessThan(graduated.stability);
    expect(log.state).toBe('review');
    expect(log.elapsed_days).toBeGreaterThanOrEqual(3);
  });

  it('returns the same fuzzed interval for the same card and review, different across cards', () => {
    const scheduled = (cardId: string) => {
      let progress = graduate(cardId);
      // Several successful reviews: intervals grow past the point where fuzz applies.
      for (let i = 0; i < 4; i++) {
        progress = reviewWord(progress, right, progress.due, { cardId }).progress;
      }
      return progress.scheduled_days;
    };
    expect(scheduled('u1:w3')).toBe(scheduled('u1:w3'));
    const spread = new Set(Array.from({ length: 12 }, (_, i) => scheduled(`u1:card-${i}`)));
    expect(spread.size).toBeGreaterThan(1);
  });

  it('returns intervals shaped by custom parameters', () => {
    const after = (parameters: { maximum_interval: number } | undefined) => {
      let progress = graduate('u2:w1');
      for (let i = 0; i < 6; i++) {
        const options = parameters ? { cardId: 'u2:w1', parameters } : { cardId: 'u2:w1' };
        progress = reviewWord(progress, right, progress.due, options).progress;
      }
      return progress.scheduled_days;
    };
    // ts-fsrs keeps Good one day past Hard, so a cap of 10 can schedule 11 days.
    expect(after({ maximum_interval: 10 })).toBeLessThanOrEqual(11);
    expect(after(undefined)).toBeGreaterThan(30);
  });
});
