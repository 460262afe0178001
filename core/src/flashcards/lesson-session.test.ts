import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardWord } from './card.ts';
import { buildLessonSession } from './lesson-session.ts';
import { mulberry32 } from './random.ts';

const words: CardWord[] = [
  {
    id: 'w1',
    word_hu: 'alma',
    word_en: 'apple',
    difficulty: 'easy',
    audioUrl: 'https://x/alma.mp3',
  },
  { id: 'w2', word_hu: 'körte', word_en: 'pear', difficulty: 'medium', audioUrl: null },
  { id: 'w3', word_hu: 'szilva', word_en: 'plum', difficulty: 'hard' },
];

function lessonWords(n: number): CardWord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `w${i}`,
    word_hu: `szó${i}`,
    word_en: `word${i}`,
  }));
}

describe('buildLessonSession', () => {
  it('returns two cards per word in both directions', () => {
    const cards = buildLessonSession(words, { random: mulberry32(1) });
    expect(cards).toHaveLength(6);
    expect(cards.map((c) => c.id).sort()).toEqual([
      'w1:english_to_hungarian',
      'w1:hungarian_to_english',
      'w2:english_to_hungarian',
      'w2:hungarian_to_english',
      'w3:english_to_hungarian',
      'w3:hungarian_to_english',
    ]);
  });

  it('returns the card shape of the learner spec with audio on the question and correct option', () => {
    const cards = buildLessonSession(words, { random: mulberry32(1) });
    const huEn = cards.find((c) => c.id === 'w1:hungarian_to_english');
    expect(huEn?.question).toEqual({ text: 'alma', audioUrl: 'https://x/alma.mp3' });
    expect(huEn?.difficulty).toBe('beginner');
    expect(huEn?.hungarian).toBe('alma');
    expect(huEn?.vocabularyId).toBe('w1');
    expect(huEn?.options.find((o) => o.isCorrect)).toEqual({
      text: 'apple',
      isCorrect: true,
      audioUrl: 'https://x/alma.mp3',
    });
    const enHu = cards.find((c) => c.id === 'w1:english_to_hungarian');
    expect(enHu?.question).toEqual({ text: 'apple', audioUrl: null });
    expect(enHu?.options.find((o) => o.isCorrect)?.text).toBe('alma');
    const noAudio = cards.find((c) => c.id === 'w2:hungarian_to_english');
    expect(noAudio?.question.audioUrl).toBeNull();
    expect(noAudio?.difficulty).toBe('intermediate');
  });

  it('returns distractors from the other lesson words before fallback words', () => {
    const cards = buildLessonSession(words, { random: mulberry32(5) });
    const card = cards.find((c) => c.id === 'w1:hungarian_to_english');
    const distractors = card?.options.filter((o) => !o.isCorrect).map((o) => o.text) ?? [];
    expect(distractors).toContain('pear');
    expect(distractors).toContain('plum');
    expect(distractors).toHaveLength(3);
  });

  it('returns at most 20 shuffled cards, the same for the same seed', () => {
    const many = lessonWords(15);
    const a = buildLessonSession(many, { random: mulberry32(9) });
    const b = buildLessonSession(many, { random: mulberry32(9) });
    expect(a).toHaveLength(20);
    expect(a).toEqual(b);
    expect(new Set(a.map((c) => c.id)).size).toBe(20);
    expect(buildLessonSession(many, { random: mulberry32(10) })).not.toEqual(a);
  });

  it('returns no cards for a lesson without words', () => {
    expect(buildLessonSession([], { random: mulberry32(1) })).toEqual([]);
  });

  it('returns four distinct options with exactly one correct for any lesson', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'á', 'ház', 'o', 'ö', 'ő', ' '),
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 12 }),
        fc.integer(),
        (pairs, seed) => {
          const lesson = pairs.map(([hu, en], i) => ({
            id: String(i),
            word_hu: `${hu}x`,
            word_en: `${en}y`,
          }));
          const cards = buildLessonSession(lesson, { random: mulberry32(seed) });
          expect(cards.length).toBe(Math.min(20, lesson.length * 2));
          for (const card of cards) {
            expect(card.options).toHaveLength(4);
            expect(new Set(card.options.map((o) => o.text)).size).toBe(4);
            expect(card.options.filter((o) => o.isCorrect)).toHaveLength(1);
          }
        },
      ),
    );
  });
});
