import { describe, expect, it } from 'vitest';
import { courseSpan } from './course-span.ts';

describe('what the course holds', () => {
  it('sums the minutes of dialogue and names the single CEFR level of an all-beginner course', () => {
    const lessons = Array.from({ length: 30 }, () => ({ level: 'beginner', duration: 48 }));
    expect(courseSpan(lessons)).toEqual({ minutes: 24, levels: 'A1' });
  });

  it('gives the range when lessons have several levels, whatever their order and case', () => {
    expect(
      courseSpan([
        { level: 'Intermediate', duration: 60 },
        { level: 'beginner', duration: null },
      ]),
    ).toEqual({ minutes: 1, levels: 'A1–A2' });
    expect(courseSpan([{ level: 'advanced', duration: 30 }]).levels).toBe('B1+');
  });

  it('claims no level without levels, and no minutes without durations', () => {
    expect(courseSpan([{ level: null, duration: null }])).toEqual({ minutes: 0, levels: null });
    expect(courseSpan([{ level: 'expert', duration: -5 }])).toEqual({ minutes: 0, levels: null });
  });
});
