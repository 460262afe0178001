import { describe, expect, it } from 'vitest';
import { filterQaLessons, isWithinDays, qaCounts, qaLessonTitle } from './qa-filter.ts';

const now = new Date('2026-06-15T12:00:00Z');
const lessons = [
  {
    id: 'a',
    lesson_number: 1,
    title: 'Hello',
    is_published: true,
    updated_at: '2026-06-14T12:00:00Z',
  },
  {
    id: 'b',
    lesson_number: 2,
    title: 'Food',
    is_published: false,
    updated_at: '2026-06-08T12:00:00Z',
  },
  {
    id: 'c',
    lesson_number: null,
    title: 'Draft idea',
    is_published: false,
    updated_at: '2026-06-08T11:59:59Z',
  },
  { id: 'd', lesson_number: 4, title: 'Old', is_published: true, updated_at: null },
];

describe('QA tab rules', () => {
  it.each([
    ['all', ['a', 'b', 'c', 'd']],
    ['draft', ['b', 'c']],
    ['published', ['a', 'd']],
    ['recent', ['a', 'b']],
  ] as const)('returns the %s filter', (filter, ids) => {
    expect(filterQaLessons(lessons, filter, now).map((l) => l.id)).toEqual(ids);
  });

  it('returns recent for exactly 7 days, a future time, and not for invalid dates', () => {
    expect(isWithinDays(new Date('2026-06-08T12:00:00Z'), now)).toBe(true);
    expect(isWithinDays(new Date('2026-06-16T12:00:00Z'), now)).toBe(true);
    expect(isWithinDays('not a date', now)).toBe(false);
    expect(isWithinDays(undefined, now)).toBe(false);
  });

  it('returns the counts and row titles', () => {
    expect(qaCounts(lessons)).toEqual({ drafts: 2, published: 2 });
    expect(qaLessonTitle(lessons[0] as (typeof lessons)[0])).toBe('Lesson 1: Hello');
    expect(qaLessonTitle(lessons[2] as (typeof lessons)[0])).toBe('Draft idea');
  });
});
