import { describe, expect, it } from 'vitest';
import type { CardWord } from './card.ts';
import { buildLessonSession } from './lesson-session.ts';
import { mulberry32 } from './random.ts';
import {
  answerCard,
  currentCard,
  isLastCard,
  nextCard,
  sessionPassed,
  sessionResult,
  startSession,
} from './session-machine.ts';
import type { SessionState } from './session-machine.ts';

const words: CardWord[] = [
  { id: 'w1', word_hu: 'alma', word_en: 'apple' },
  { id: 'w2', word_hu: 'körte', word_en: 'pear' },
];
const t = (ms: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0, ms));

function correctIndex(state: SessionState): number {
  return currentCard(state)?.options.findIndex((o) => o.isCorrect) ?? -1;
}

describe('flashcard session state machine', () => {
  it('returns the same state when advancing without an answer', () => {
    const state = startSession(buildLessonSession(words, { random: mulberry32(1) }), t(0));
    expect(state.phase).toBe('question');
    expect(nextCard(state, t(10))).toBe(state);
  });

  it('returns a locked card after an answer and refuses a second answer', () => {
    const state = startSession(buildLessonSession(words, { random: mulberry32(1) }), t(0));
    const answered = answerCard(state, correctIndex(state), t(1500));
    expect(answered.phase).toBe('answered');
    expect(answered.selected).toBe(correctIndex(state));
    expect(answered.results).toEqual([
      {
        cardId: currentCard(state)?.id,
        correct: true,
        timeSpent: 1500,
        selectedOption: currentCard(state)?.options[correctIndex(state)]?.text,
      },
    ]);
    expect(answerCard(answered, 0, t(2000))).toBe(answered);
    expect(answerCard(state, 9, t(2000))).toBe(state);
  });

  it('returns results after the last card and measures time per card', () => {
    let state = startSession(buildLessonSession(words, { random: mulberry32(2) }), t(0));
    let clock = 0;
    while (state.phase !== 'finished') {
      clock += 1000;
      const wrong = (correctIndex(state) + 1) % 4;
      state = answerCard(state, state.index === 0 ? wrong : correctIndex(state), t(clock));
      expect(isLastCard(state)).toBe(state.index === 3);
      clock += 500;
      state = nextCard(state, t(clock));
    }
    expect(currentCard(state)).toBeUndefined();
    const result = sessionResult(state);
    expect(result.totalCards).toBe(4);
    expect(result.correctAnswers).toBe(3);
    expect(result.accuracy).toBe(75);
    expect(result.results.map((r) => r.timeSpent)).toEqual([1000, 1000, 1000, 1000]);
    expect(sessionPassed(state)).toBe(false);
  });

  it('returns a passed session when every answer is correct', () => {
    let state = startSession(buildLessonSession(words, { random: mulberry32(3) }), t(0));
    while (state.phase !== 'finished') {
      state = nextCard(answerCard(state, correctIndex(state), t(100)), t(200));
    }
    expect(sessionPassed(state)).toBe(true);
  });

  it('returns a finished session for no cards', () => {
    const state = startSession([], t(0));
    expect(state.phase).toBe('finished');
    expect(sessionResult(state)).toEqual({
      totalCards: 0,
      correctAnswers: 0,
      accuracy: 0,
      results: [],
    });
  });
});
