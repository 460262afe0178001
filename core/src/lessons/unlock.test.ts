import { describe, expect, it } from 'vitest';
import { isLessonUnlocked, lessonStatuses, nextLesson, sortByLessonNumber } from './unlock.ts';

const lesson = (id: string, lesson_number: number | null) => ({ id, lesson_number });
const done = (lesson_id: string) => ({
  lesson_id,
  audio_completed: true,
  flashcard_passed: true,
  is_completed: true,
});
const audioOnly = (lesson_id: string) => ({
  lesson_id,
  audio_completed: true,
  flashcard_passed: false,
  is_completed: false,
});

describe('lesson unlock rule', () => {
  it('returns lessons sorted by number with unnumbered ones last', () => {
    const sorted = sortByLessonNumber([
      lesson('x', null),
      lesson('c', 3),
      lesson('a', 1),
      lesson('y', null),
    ]);
    expect(sorted.map((l) => l.id)).toEqual(['a', 'c', 'x', 'y']);
  });

  it('returns only the first lesson open for a new learner', () => {
    const statuses = lessonStatuses([lesson('b', 2), lesson('a', 1), lesson('c', 3)], []);
    expect(statuses.map((s) => [s.lesson.id, s.status])).toEqual([
      ['a', 'open'],
      ['b', 'locked'],
      ['c', 'locked'],
    ]);
  });

  it('returns the next lesson open once the previous has audio and flashcards passed', () => {
    const lessons = [lesson('a', 1), lesson('b', 2), lesson('c', 3)];
    expect(lessonStatuses(lessons, [done('a')]).map((s) => s.status)).toEqual([
      'complete',
      'open',
      'locked',
    ]);
    expect(lessonStatuses(lessons, [done('a'), audioOnly('b')]).map((s) => s.status)).toEqual([
      'complete',
      'open',
      'locked',
    ]);
  });

  it('returns the lesson after a gap open when the previous listed lesson is finished', () => {
    const lessons = [lesson('a', 2), lesson('b', 5), lesson('c', 9)];
    const statuses = lessonStatuses(lessons, [done('a')]);
    expect(statuses.map((s) => s.status)).toEqual(['complete', 'open', 'locked']);
    expect(isLessonUnlocked(lessons, [done('a')], 'b')).toBe(true);
    expect(isLessonUnlocked(lessons, [done('a')], 'c')).toBe(false);
    expect(isLessonUnlocked(lessons, [], 'missing')).toBe(false);
  });

  it('returns complete for a completed lesson even if an earlier one was reset', () => {
    const statuses = lessonStatuses([lesson('a', 1), lesson('b', 2)], [done('b')]);
    expect(statuses.map((s) => s.status)).toEqual(['open', 'complete']);
  });

  it('returns the next lesson in number order', () => {
    const lessons = [lesson('b', 4), lesson('a', 1)];
    expect(nextLesson(lessons, 'a')?.id).toBe('b');
    expect(nextLesson(lessons, 'b')).toBeUndefined();
    expect(nextLesson(lessons, 'zzz')).toBeUndefined();
  });
});
