import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { gradePracticeAnswer } from './grade.ts';

describe('gradePracticeAnswer', () => {
  it('returns the multiple-choice rating for recognition (never Easy)', () => {
    expect(gradePracticeAnswer({ skill: 'recognition', correct: true })).toEqual({
      correct: true,
      rating: Rating.Good,
    });
    expect(gradePracticeAnswer({ skill: 'recognition', correct: false }).rating).toBe(Rating.Again);
  });

  it('returns Again for a recall with a missing accent, whatever the learner claims', () => {
    for (const [typed, accepted] of [
      ['jo', 'jó'],
      ['ot', 'öt'],
      ['kerek', 'kérek'],
    ] as const) {
      const grade = gradePracticeAnswer({ skill: 'recall', typed, accepted, easy: true });
      expect(grade.correct).toBe(false);
      expect(grade.rating).toBe(Rating.Again);
      expect(grade.check?.verdict).toBe('nearMiss');
    }
  });

  it('returns Good, Hard after the hint, Easy when the learner says so', () => {
    const base = { skill: 'recall', typed: 'Kérek!', accepted: 'kér (vmit), kérek' } as const;
    expect(gradePracticeAnswer(base)).toMatchObject({ correct: true, rating: Rating.Good });
    expect(gradePracticeAnswer({ ...base, hintUsed: true }).rating).toBe(Rating.Hard);
    expect(gradePracticeAnswer({ ...base, easy: true }).rating).toBe(Rating.Easy);
    expect(gradePracticeAnswer({ ...base, durationMs: 60_000 }).rating).toBe(Rating.Hard);
    const nfd = gradePracticeAnswer({ ...base, typed: 'kérek'.normalize('NFD') });
    expect(nfd.correct).toBe(true);
  });

  it('returns listening right for any of the word’s meanings, typed or picked', () => {
    const meanings = ['good', 'gut', null];
    expect(gradePracticeAnswer({ skill: 'listening', typed: 'Gut', meanings }).correct).toBe(true);
    expect(
      gradePracticeAnswer({ skill: 'listening', typed: 'good', meanings, choice: true, easy: true })
        .rating,
    ).toBe(Rating.Good);
    expect(
      gradePracticeAnswer({ skill: 'listening', typed: 'good', meanings, easy: true }).rating,
    ).toBe(Rating.Easy);
    const picked = { skill: 'listening', meanings: ['good, fine'], choice: true } as const;
    expect(gradePracticeAnswer({ ...picked, typed: 'good, fine' }).correct).toBe(true);
    expect(gradePracticeAnswer({ ...picked, typed: 'fine' }).correct).toBe(true);
    const wrong = gradePracticeAnswer({ skill: 'listening', typed: 'five', meanings });
    expect(wrong).toMatchObject({ correct: false, rating: Rating.Again });
    expect(gradePracticeAnswer({ skill: 'listening', typed: 'good', meanings: [] }).correct).toBe(
      false,
    );
  });

  it('returns a dictation right only when every word is right, accents included', () => {
    const line = 'Öt kávét kérek.';
    const right = gradePracticeAnswer({ skill: 'dictation', typed: 'öt kávét kérek', line });
    expect(right).toMatchObject({ correct: true, rating: Rating.Good });
    const near = gradePracticeAnswer({
      skill: 'dictation',
      typed: 'ot kavet kerek',
      line,
      easy: true,
    });
    expect(near).toMatchObject({ correct: false, rating: Rating.Again });
    expect(near.line?.words.map((w) => w.status)).toEqual(['nearMiss', 'nearMiss', 'nearMiss']);
  });

  it('returns the learner’s own grade for Say it, and refuses one outside 1–4', () => {
    expect(gradePracticeAnswer({ skill: 'speaking', rating: Rating.Easy })).toEqual({
      correct: true,
      rating: Rating.Easy,
    });
    expect(gradePracticeAnswer({ skill: 'speaking', rating: Rating.Again }).correct).toBe(false);
    expect(() => gradePracticeAnswer({ skill: 'speaking', rating: 7 as Rating.Good })).toThrow(
      RangeError,
    );
  });
});
