import type { Flashcard } from './card.ts';
import { isPassed, summariseSession } from './session-result.ts';
import type { CardResult, SessionResult } from './session-result.ts';

/**
 * A flashcard session the UI drives: `question` → (answer) → `answered` → (next) → the next
 * `question`, or `finished` after the last card. Answering locks the options; advancing without
 * an answer is refused. Every transition returns a new state; illegal ones return the same state.
 */
export type SessionState = {
  readonly cards: readonly Flashcard[];
  readonly index: number;
  readonly phase: 'question' | 'answered' | 'finished';
  /** The option index chosen on the current card, once answered. */
  readonly selected: number | null;
  /** When the current card was shown, epoch ms. */
  readonly shownAt: number;
  readonly results: readonly CardResult[];
};

export function startSession(cards: readonly Flashcard[], now: Date): SessionState {
  return {
    cards,
    index: 0,
    phase: cards.length === 0 ? 'finished' : 'question',
    selected: null,
    shownAt: now.getTime(),
    results: [],
  };
}

export function currentCard(state: SessionState): Flashcard | undefined {
  return state.phase === 'finished' ? undefined : state.cards[state.index];
}

export function answerCard(state: SessionState, optionIndex: number, now: Date): SessionState {
  const card = currentCard(state);
  const option = card?.options[optionIndex];
  if (state.phase !== 'question' || !card || !option) return state;
  const result: CardResult = {
    cardId: card.id,
    correct: option.isCorrect,
    timeSpent: Math.max(0, now.getTime() - state.shownAt),
    selectedOption: option.text,
  };
  return {
    ...state,
    phase: 'answered',
    selected: optionIndex,
    results: [...state.results, result],
  };
}

/** True on the last card: the UI labels the button 'View Results' instead of 'Next Card'. */
export function isLastCard(state: SessionState): boolean {
  return state.index === state.cards.length - 1;
}

export function nextCard(state: SessionState, now: Date): SessionState {
  if (state.phase !== 'answered') return state;
  if (isLastCard(state)) return { ...state, phase: 'finished', selected: null };
  return {
    ...state,
    index: state.index + 1,
    phase: 'question',
    selected: null,
    shownAt: now.getTime(),
  };
}

export function sessionResult(state: SessionState): SessionResult {
  return summariseSession(state.cards.length, state.results);
}

export function sessionPassed(state: SessionState): boolean {
  const result = sessionResult(state);
  return isPassed(result.correctAnswers, result.totalCards);
}
