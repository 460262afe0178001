import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@magyarul/core/flashcards';
import {
  buildLessonCards,
  buildReviewCards,
  cardDifficulty,
  passCount,
  sessionReducer,
  startSession,
  summarise,
  type CardWord,
} from './flashcards.ts';

const word = (
  id: string,
  hu: string,
  en: string,
  difficulty: string | null = 'beginner',
): CardWord => ({
  id,
  word_hu: hu,
  word_en: en,
  difficulty,
  audio_file_path: null,
});

const words: CardWord[] = [
  word('1', 'alma', 'apple'),
  word('2', 'kör', 'circle'),
  word('3', 'kór', 'disease'),
  word('4', 'kor', 'age'),
  word('5', 'kenyér', 'bread'),
];

describe('flashcards', () => {
  it('returns ceil(0.8 n) as the pass count', () => {
    expect(passCount(20)).toBe(16);
    expect(passCount(10)).toBe(8);
    expect(passCount(3)).toBe(3);
    expect(passCount(6)).toBe(5);
  });

  it('returns the card level for editor and viewer difficulties', () => {
    expect(cardDifficulty('easy')).toBe('beginner');
    expect(cardDifficulty('medium')).toBe('intermediate');
    expect(cardDifficulty('hard')).toBe('advanced');
    expect(cardDifficulty(null)).toBe('intermediate');
  });

  it('returns two cards per word, each with four distinct options and one correct', () => {
    const cards = buildLessonCards(words, mulberry32(1));
    expect(cards).toHaveLength(10);
    for (const card of cards) {
      expect(card.options).toHaveLength(4);
      expect(card.options.filter((o) => o.isCorrect)).toHaveLength(1);
      expect(new Set(card.options.map((o) => o.text)).size).toBe(4);
    }
    expect(new Set(cards.map((c) => c.id)).size).toBe(10);
  });

  it('returns at most 20 cards and pads a one-word lesson with filler options', () => {
    const many = Array.from({ length: 15 }, (_, i) => word(String(i), `szó${i}`, `word${i}`));
    expect(buildLessonCards(many, mulberry32(2))).toHaveLength(20);
    const single = buildLessonCards([word('x', 'ház', 'house')], mulberry32(3));
    const huToEn = single.find((c) => c.cardType === 'hungarian_to_english');
    expect(huToEn?.options.map((o) => o.text)).toContain('house');
    expect(huToEn?.options).toHaveLength(4);
  });

  it('returns review cards alternating direction by position', () => {
    const cards = buildReviewCards(words, mulberry32(4));
    expect(cards.map((c) => c.cardType)).toEqual([
      'hungarian_to_english',
      'english_to_hungarian',
      'hungarian_to_english',
      'english_to_hungarian',
      'hungarian_to_english',
    ]);
    expect(cards[1]?.question.text).toBe('circle');
  });

  it('returns a locked card after one answer and blocks advancing without an answer', () => {
    const cards = buildLessonCards(words.slice(0, 2), mulberry32(5));
    let state = startSession(cards, 0);
    expect(sessionReducer(state, { type: 'next', now: 1 })).toBe(state);
    const correct = cards[0]?.options.findIndex((o) => o.isCorrect) ?? -1;
    state = sessionReducer(state, { type: 'answer', option: correct, now: 1500 });
    expect(state.selected).toBe(correct);
    const again = sessionReducer(state, { type: 'answer', option: (correct + 1) % 4, now: 1600 });
    expect(again).toBe(state);
    expect(state.results[0]).toMatchObject({ correct: true, timeSpent: 1500 });
    state = sessionReducer(state, { type: 'next', now: 2000 });
    expect(state.index).toBe(1);
    expect(state.selected).toBeNull();
  });

  it('returns a finished summary with pass at 80 percent', () => {
    const cards = buildLessonCards(words, mulberry32(6));
    let state = startSession(cards, 0);
    cards.forEach((card, i) => {
      const right = card.options.findIndex((o) => o.isCorrect);
      const option = i < 8 ? right : (right + 1) % 4;
      state = sessionReducer(state, { type: 'answer', option, now: i });
      state = sessionReducer(state, { type: 'next', now: i });
    });
    expect(state.finished).toBe(true);
    expect(summarise(state)).toMatchObject({
      totalCards: 10,
      correctAnswers: 8,
      accuracy: 80,
      passed: true,
    });
    const restarted = sessionReducer(state, { type: 'restart', cards, now: 99 });
    expect(restarted).toMatchObject({ index: 0, finished: false, results: [] });
  });
});
