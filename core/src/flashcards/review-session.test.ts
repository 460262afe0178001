import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardWord } from './card.ts';
import { REVIEW_FILLER_WORDS } from './fillers.ts';
import { mulberry32 } from './random.ts';
import { buildReviewSession, reviewCardType } from './review-session.ts';

const due = (id: string, hu: string, en: string, difficulty: string): CardWord => ({
  id,
  word_hu: hu,
  word_en: en,
  difficulty,
});

const distractorsOf = (options: readonly { text: string; isCorrect: boolean }[]) =>
  options.filter((o) => !o.isCorrect).map((o) => o.text);

describe('buildReviewSession', () => {
  it('returns directions alternating by position, in the given order', () => {
    const words = Array.from({ length: 25 }, (_, i) => due(`w${i}`, `hu${i}`, `en${i}`, 'easy'));
    const cards = buildReviewSession(words, { random: mulberry32(1) });
    expect(cards).toHaveLength(20);
    expect(cards.map((c) => c.vocabularyId)).toEqual(words.slice(0, 20).map((w) => w.id));
    cards.forEach((card, i) => {
      expect(card.cardType).toBe(i % 2 === 0 ? 'hungarian_to_english' : 'english_to_hungarian');
    });
    expect(reviewCardType(3)).toBe('english_to_hungarian');
  });

  it('returns same-difficulty distractors when at least three exist', () => {
    const words = [
      due('a', 'alma', 'apple', 'easy'),
      due('b', 'kutya', 'dog', 'hard'),
      due('c', 'macska', 'cat', 'easy'),
      due('d', 'ló', 'horse', 'medium'),
      due('e', 'hal', 'fish', 'beginner'),
      due('f', 'kenyér', 'bread', 'easy'),
    ];
    const [first] = buildReviewSession(words, { random: mulberry32(2) });
    expect(distractorsOf(first?.options ?? []).sort()).toEqual(['bread', 'cat', 'fish']);
  });

  it('returns other due words when fewer than three share the difficulty', () => {
    const words = [
      due('a', 'alma', 'apple', 'easy'),
      due('b', 'kutya', 'dog', 'hard'),
      due('c', 'macska', 'cat', 'easy'),
      due('d', 'ló', 'horse', 'medium'),
    ];
    const [first] = buildReviewSession(words, { random: mulberry32(3) });
    expect(distractorsOf(first?.options ?? []).sort()).toEqual(['cat', 'dog', 'horse']);
  });

  it('returns filler words when fewer than three other due words exist', () => {
    const words = [due('a', 'alma', 'apple', 'easy'), due('b', 'kutya', 'dog', 'hard')];
    const [first, second] = buildReviewSession(words, { random: mulberry32(4) });
    const firstDistractors = distractorsOf(first?.options ?? []);
    expect(firstDistractors).toContain('dog');
    const english = REVIEW_FILLER_WORDS.map((f) => f.en);
    expect(firstDistractors.filter((t) => english.includes(t))).toHaveLength(2);
    const hungarian = REVIEW_FILLER_WORDS.map((f) => f.hu);
    const secondDistractors = distractorsOf(second?.options ?? []);
    expect(secondDistractors).toContain('alma');
    expect(secondDistractors.filter((t) => hungarian.includes(t))).toHaveLength(2);
  });

  it('returns a card for a single due word that is itself a filler word', () => {
    const [card] = buildReviewSession([due('a', 'ház', 'house', 'easy')], {
      random: mulberry32(5),
    });
    expect(card?.options).toHaveLength(4);
    expect(distractorsOf(card?.options ?? [])).not.toContain('house');
  });

  it('returns four distinct options with exactly one correct for any due list', () => {
    const text = fc.string({
      unit: fc.constantFrom('víz', 'idő', 'a', 'é', 'water'),
      maxLength: 3,
    });
    const difficulty = fc.constantFrom('easy', 'medium', 'hard', null);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text, difficulty), { maxLength: 25 }),
        fc.integer(),
        (rows, seed) => {
          const words = rows.map(([hu, en, d], i) => ({
            id: String(i),
            word_hu: `${hu}1`,
            word_en: `${en}2`,
            difficulty: d,
          }));
          const cards = buildReviewSession(words, { random: mulberry32(seed) });
          expect(cards).toHaveLength(Math.min(20, words.length));
          for (const card of cards) {
            expect(new Set(card.options.map((o) => o.text)).size).toBe(4);
            expect(card.options.filter((o) => o.isCorrect)).toHaveLength(1);
          }
        },
      ),
    );
  });
});
