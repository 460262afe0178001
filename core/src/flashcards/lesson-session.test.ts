import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardWord } from './card.ts';
import type { Flashcard } from './card.ts';
import { buildLessonSession, lessonSessionSize } from './lesson-session.ts';
import { passMark } from './session-result.ts';
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

function lessonWords(n: number, prefix = 'w'): CardWord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${String(i).padStart(2, '0')}`,
    word_hu: `${prefix}szó${i}`,
    word_en: `${prefix}word${i}`,
  }));
}

/** The index of each word's first card, and of its second when it has one. */
function firstAndSecond(cards: readonly Flashcard[]): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  cards.forEach((card, index) =>
    seen.set(card.vocabularyId, [...(seen.get(card.vocabularyId) ?? []), index]),
  );
  return seen;
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

  it('returns every word of an 18-word lesson once, one way each, before 2 come back the other way', () => {
    const cards = buildLessonSession(lessonWords(18), { random: mulberry32(3) });
    expect(cards).toHaveLength(20);
    const firsts = cards.slice(0, 18);
    expect(new Set(firsts.map((c) => c.vocabularyId)).size).toBe(18);
    // Half of the lesson one way, half the other.
    expect(firsts.filter((c) => c.cardType === 'hungarian_to_english')).toHaveLength(9);
    for (const again of cards.slice(18)) {
      const first = firsts.find((c) => c.vocabularyId === again.vocabularyId);
      expect(again.cardType).not.toBe(first?.cardType);
    }
  });

  it('returns an 8-word lesson in both directions, 16 cards, every word once before any twice', () => {
    const cards = buildLessonSession(lessonWords(8), { random: mulberry32(4) });
    expect(cards).toHaveLength(16);
    expect(new Set(cards.slice(0, 8).map((c) => c.vocabularyId)).size).toBe(8);
    expect(new Set(cards.map((c) => c.id)).size).toBe(16);
  });

  it('returns each word asked the other way first in the next session (the round)', () => {
    const words = lessonWords(12);
    const direction = (round: number, seed: number) =>
      new Map(
        buildLessonSession(words, { random: mulberry32(seed), round })
          .slice(0, 12)
          .map((c) => [c.vocabularyId, c.cardType]),
      );
    const [zero, one, two] = [direction(0, 1), direction(1, 2), direction(2, 3)];
    for (const word of words) {
      expect(one.get(word.id)).not.toBe(zero.get(word.id));
      expect(two.get(word.id)).toBe(zero.get(word.id));
    }
    // The rule follows the word, not the order the words come in.
    const reversed = new Map(
      buildLessonSession([...words].reverse(), { random: mulberry32(7), round: 1 })
        .slice(0, 12)
        .map((c) => [c.vocabularyId, c.cardType]),
    );
    expect(reversed).toEqual(one);
  });

  it('returns review words once each after every lesson word has its card, before any repeat', () => {
    const lesson = lessonWords(6);
    const review = lessonWords(5, 'r');
    const cards = buildLessonSession(lesson, { random: mulberry32(8), reviewWords: review });
    expect(cards).toHaveLength(lessonSessionSize(6, 5));
    expect(cards).toHaveLength(17);
    const reviewIds = new Set(review.map((w) => w.id));
    const firstPart = cards.slice(0, 11);
    expect(new Set(firstPart.map((c) => c.vocabularyId)).size).toBe(11);
    expect(cards.slice(11).every((c) => !reviewIds.has(c.vocabularyId))).toBe(true);
    // Twelve lesson words leave room for eight review words, and no repeat.
    const full = buildLessonSession(lessonWords(12), {
      random: mulberry32(9),
      reviewWords: lessonWords(8, 'r'),
    });
    expect(full).toHaveLength(20);
    expect(new Set(full.map((c) => c.vocabularyId)).size).toBe(20);
  });

  it('returns the first 20 words of a lesson of more than 20, one card each', () => {
    const words = lessonWords(25);
    const cards = buildLessonSession(words, { random: mulberry32(2) });
    expect(cards).toHaveLength(20);
    expect(new Set(cards.map((c) => c.vocabularyId))).toEqual(
      new Set(words.slice(0, 20).map((w) => w.id)),
    );
  });

  it('returns sessions the server accepts: every word before any twice, never twice in a row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer(),
        (lessonCount, reviewCount, round, seed) => {
          const lesson = lessonWords(lessonCount);
          const cards = buildLessonSession(lesson, {
            random: mulberry32(seed),
            round,
            reviewWords: lessonWords(reviewCount, 'r'),
          });
          // save_flashcard_session: at least least(20, 2 × words), at most 20.
          expect(cards.length).toBeGreaterThanOrEqual(Math.min(20, 2 * lessonCount));
          expect(cards.length).toBeLessThanOrEqual(20);
          expect(passMark(cards.length)).toBe(Math.ceil(cards.length * 0.8));
          const positions = firstAndSecond(cards);
          const asked = [...positions.values()];
          const lastFirst = Math.max(...asked.map(([first]) => first ?? 0));
          const firstSecond = Math.min(...asked.map(([, second]) => second ?? Infinity));
          expect(lastFirst).toBeLessThan(firstSecond);
          expect(asked.every((p) => p.length <= 2)).toBe(true);
          for (const word of lesson.slice(0, 20)) expect(positions.has(word.id)).toBe(true);
          if (lessonCount + reviewCount > 1) {
            cards.slice(1).forEach((card, i) => {
              expect(card.vocabularyId).not.toBe(cards[i]?.vocabularyId);
            });
          }
          const again = cards.slice(lastFirst + 1);
          for (const card of again) {
            const first = cards.find((c) => c.vocabularyId === card.vocabularyId);
            expect(card.cardType).not.toBe(first?.cardType);
          }
        },
      ),
    );
  });
});
