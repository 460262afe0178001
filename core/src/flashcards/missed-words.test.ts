import { describe, expect, it } from 'vitest';
import type { CardWord } from './card.ts';
import { buildLessonSession } from './lesson-session.ts';
import { missedWords, missedWordsSession } from './missed-words.ts';
import { mulberry32 } from './random.ts';

const words: CardWord[] = [
  { id: 'a', word_hu: 'holnap', word_en: 'tomorrow', word_de: 'morgen', word_es: 'mañana' },
  { id: 'b', word_hu: 'pohár', word_en: 'glass', word_de: null, word_es: 'vaso' },
  { id: 'c', word_hu: 'orvos', word_en: 'doctor', word_de: 'Arzt', word_es: 'médico' },
];

describe('missedWords', () => {
  it('returns each wrongly answered word once, in order, with its meaning as the card showed it', () => {
    const cards = buildLessonSession(words, { random: mulberry32(1), language: 'de' });
    const result = (id: string, correct: boolean) => ({
      cardId: id,
      correct,
      timeSpent: 1000,
      selectedOption: 'x',
    });
    const missed = missedWords(
      [
        result('b:hungarian_to_english', false),
        result('a:english_to_hungarian', true),
        result('b:english_to_hungarian', false),
        result('c:english_to_hungarian', false),
        result('unknown', false),
      ],
      cards,
    );
    expect(missed).toEqual([
      {
        vocabularyId: 'b',
        hungarian: 'pohár',
        meaning: { text: 'glass', language: 'en', fallback: true },
      },
      {
        vocabularyId: 'c',
        hungarian: 'orvos',
        meaning: { text: 'Arzt', language: 'de', fallback: false },
      },
    ]);
  });

  it('returns nothing for a session without mistakes', () => {
    expect(missedWords([], [])).toEqual([]);
  });

  it('returns a practice session of the missed words: one card each, the one first missed', () => {
    const cards = buildLessonSession(words, { random: mulberry32(1) });
    const result = (id: string, correct: boolean) => ({
      cardId: id,
      correct,
      timeSpent: 1000,
      selectedOption: 'x',
    });
    const results = [
      result('b:hungarian_to_english', false),
      result('a:english_to_hungarian', true),
      result('b:english_to_hungarian', false),
      result('c:english_to_hungarian', false),
    ];
    const practice = missedWordsSession(results, cards, mulberry32(2));
    expect(practice.map((card) => card.id).sort()).toEqual([
      'b:hungarian_to_english',
      'c:english_to_hungarian',
    ]);
    for (const card of practice) {
      const original = cards.find((c) => c.id === card.id);
      expect(card.question).toEqual(original?.question);
      expect([...card.options].sort((x, y) => x.text.localeCompare(y.text))).toEqual(
        [...(original?.options ?? [])].sort((x, y) => x.text.localeCompare(y.text)),
      );
    }
    expect(missedWordsSession(results.slice(1, 2), cards, mulberry32(2))).toEqual([]);
  });
});
