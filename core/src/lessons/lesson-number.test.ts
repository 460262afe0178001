import { describe, expect, it } from 'vitest';
import { en, t } from '../messages/index.ts';
import {
  duplicateLessonWarning,
  findDuplicateLesson,
  nextLessonNumber,
  parseLessonNumber,
} from './lesson-number.ts';

describe('lesson number', () => {
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['0', 0],
    ['', null],
    ['abc', null],
    ['3.5', null],
    ['-1', null],
    ['2a', null],
    ['99999999999999999999', null],
  ])('returns %j parsed as %s', (input, expected) => {
    expect(parseLessonNumber(input)).toBe(expected);
  });

  const lessons = [
    { id: 'a', lesson_number: 1, title: 'Greetings', is_published: true },
    { id: 'b', lesson_number: 2, title: 'At the café', is_published: false },
  ];

  it('returns the other lesson with the same number, excluding the current one', () => {
    expect(findDuplicateLesson(lessons, 2)?.id).toBe('b');
    expect(findDuplicateLesson(lessons, 2, 'b')).toBeUndefined();
    expect(findDuplicateLesson(lessons, 3)).toBeUndefined();
    expect(findDuplicateLesson(lessons, null)).toBeUndefined();
  });

  it('returns the duplicate warning text with status and title', () => {
    expect(duplicateLessonWarning(lessons[0] as (typeof lessons)[0]).message).toBe(
      'This lesson number already exists (Published: "Greetings")',
    );
    expect(duplicateLessonWarning(lessons[1] as (typeof lessons)[0])).toMatchObject({
      key: 'lessonNumber.duplicate',
      params: { title: 'At the café' },
      status: { key: 'lesson.status.draft' },
      message: 'This lesson number already exists (Draft: "At the café")',
    });
  });

  it('returns the duplicate warning in the catalogue passed in', () => {
    const catalogue = {
      ...en,
      'lessonNumber.duplicate': 'Diese Lektionsnummer gibt es schon ({status}: "{title}")',
      'lesson.status.draft': 'Entwurf',
    };
    const warning = duplicateLessonWarning({ title: 'Essen', is_published: false });
    const status = t(warning.status.key, warning.status.params, catalogue);
    expect(t(warning.key, { ...warning.params, status }, catalogue)).toBe(
      'Diese Lektionsnummer gibt es schon (Entwurf: "Essen")',
    );
  });

  it.each([
    [7, 8],
    [null, 1],
    [undefined, 1],
    [Number.NaN, 1],
  ])('returns the preset after highest %s as %i', (highest, expected) => {
    expect(nextLessonNumber(highest)).toBe(expected);
  });
});
