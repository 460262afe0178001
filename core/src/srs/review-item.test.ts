import { Rating, default_w } from 'ts-fsrs';
import type { Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { SKILLS } from '../enums/index.ts';
import { newWordProgress } from './progress.ts';
import type { WordProgress } from './progress.ts';
import { reviewItem, reviewWord } from './review.ts';
import { isLineSkill, isSkill, isWordSkill, skillCardId } from './skills.ts';

const DAY = 86_400_000;
const start = new Date('2026-06-01T08:00:00Z');

/** Reviews the card `times` times at each due time with `rating`. */
function practise(cardId: string, rating: Grade, times: number, options = {}): WordProgress {
  let progress = newWordProgress(start);
  for (let i = 0; i < times; i++) {
    progress = reviewItem(progress, rating, progress.due, { cardId, ...options }).progress;
  }
  return progress;
}

describe('reviewItem', () => {
  it('returns each grade 1–4 scheduled, Easy furthest and Again soonest', () => {
    const due = ([Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as Grade[]).map((rating) => {
      const { progress, log } = reviewItem(null, rating, start, { cardId: 'u:w:recall' });
      expect(log.rating).toBe(rating);
      expect(progress.times_seen).toBe(1);
      expect(progress.times_correct).toBe(rating === Rating.Again ? 0 : 1);
      return progress.due.getTime();
    });
    expect([...due].sort((a, b) => a - b)).toEqual(due);
    expect(due[3]).toBeGreaterThan(due[2] as number);
  });

  it('returns the same outcome for a bare grade and a graded answer, with its duration logged', () => {
    const bare = reviewItem(null, Rating.Good, start, { cardId: 'c' });
    const graded = reviewItem(null, { rating: Rating.Good, durationMs: 4321.4 }, start, {
      cardId: 'c',
    });
    expect(graded.progress).toEqual(bare.progress);
    expect(bare.log.duration_ms).toBeNull();
    expect(graded.log.duration_ms).toBe(4321);
  });

  it('returns the multiple-choice rule for a multiple-choice answer, as reviewWord does', () => {
    const answer = { correct: true, durationMs: 12_000 };
    const options = { cardId: 'u:w', slowAfterMs: 8000 };
    const item = reviewItem(null, answer, start, options);
    expect(item.log.rating).toBe(Rating.Hard);
    expect(reviewWord(null, answer, start, options)).toEqual(item);
  });

  it('throws for a grade outside 1–4 and a retention outside 0.80–0.95', () => {
    for (const rating of [0, 5, 2.5]) {
      expect(() => reviewItem(null, rating as Grade, start, { cardId: 'c' })).toThrow(RangeError);
    }
    for (const retention of [0.79, 0.96, Number.NaN]) {
      expect(() => reviewItem(null, Rating.Good, start, { cardId: 'c', retention })).toThrow(
        RangeError,
      );
    }
    expect(() =>
      reviewItem(null, Rating.Good, start, { cardId: 'c', retention: 0.8 }),
    ).not.toThrow();
    expect(() =>
      reviewItem(null, Rating.Good, start, { cardId: 'c', retention: 0.95 }),
    ).not.toThrow();
  });

  it('returns shorter intervals for a higher desired retention', () => {
    const interval = (retention: number) =>
      practise('u:w:recognition', Rating.Good, 6, { retention }).scheduled_days;
    expect(interval(0.95)).toBeLessThan(interval(0.9));
    expect(interval(0.9)).toBeLessThan(interval(0.8));
    expect(practise('u:w:recognition', Rating.Good, 6).scheduled_days).toBe(interval(0.9));
  });

  it('returns intervals shaped by a learner’s fitted weights', () => {
    const slowForgetter = [...default_w];
    slowForgetter[2] = 20; // initial stability after Good: 20 days instead of ~2.3
    const fitted = reviewItem(null, Rating.Good, start, { cardId: 'c', parameters: slowForgetter });
    const standard = reviewItem(null, Rating.Good, start, {
      cardId: 'c',
      parameters: [...default_w],
    });
    expect(fitted.progress.stability).toBeCloseTo(20, 5);
    expect(standard.progress.stability).toBeCloseTo(default_w[2] as number, 5);
  });

  it('returns each skill of one word fuzzed on its own, repeatably', () => {
    const after = (skill: (typeof SKILLS)[number], word: string) =>
      practise(skillCardId('u1', word, skill), Rating.Good, 6).due.getTime();
    const words = Array.from({ length: 8 }, (_, i) => `w${i}`);
    expect(words.map((w) => after('recall', w))).toEqual(words.map((w) => after('recall', w)));
    const differs = words.filter((w) => after('recall', w) !== after('listening', w));
    expect(differs.length).toBeGreaterThan(0);
  });

  it('returns a lapse for Again in review, relearning on the same day', () => {
    const graduated = practise('u:l:dictation', Rating.Good, 4);
    expect(graduated.state).toBe('review');
    const at = new Date(graduated.due.getTime() + 2 * DAY);
    const { progress } = reviewItem(graduated, Rating.Again, at, { cardId: 'u:l:dictation' });
    expect(progress).toMatchObject({ state: 'relearning', lapses: 1 });
    expect(progress.due.getTime() - at.getTime()).toBeLessThan(DAY);
  });
});

describe('skills', () => {
  it('returns the card id user:item:skill and each skill as a word or a line skill', () => {
    expect(skillCardId('u1', 'v9', 'recall')).toBe('u1:v9:recall');
    expect(SKILLS.filter(isWordSkill)).toEqual(['recognition', 'recall', 'listening']);
    expect(SKILLS.filter(isLineSkill)).toEqual(['dictation', 'speaking']);
    expect(isSkill('speaking')).toBe(true);
    expect(isSkill('writing')).toBe(false);
  });
});
