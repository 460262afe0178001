import { shuffle, type Random } from '@magyarul/core/flashcards';

// Card building and the flashcard session state machine of spec/learner-side.md §4 and §9.

export type CardType = 'hungarian_to_english' | 'english_to_hungarian';
export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

export type CardWord = {
  readonly id: string;
  readonly word_hu: string;
  readonly word_en: string;
  readonly difficulty: string | null;
  readonly audio_file_path: string | null;
};

export type CardOption = {
  readonly text: string;
  readonly isCorrect: boolean;
  readonly audioUrl?: string;
};

export type Flashcard = {
  readonly id: string;
  readonly vocabularyId: string;
  readonly question: { readonly text: string; readonly audioUrl?: string };
  readonly options: readonly CardOption[];
  readonly cardType: CardType;
  readonly difficulty: Difficulty;
  readonly hungarian: string;
};

export const MAX_SESSION_CARDS = 20;
export const PASS_RATIO = 0.8;
const FILLERS_EN = ['house', 'water', 'time', 'person', 'world'] as const;
const FILLERS_HU = ['ház', 'víz', 'idő', 'ember', 'világ'] as const;

/** The number of correct answers needed to pass a session of `total` cards: ceil(0.8 · n). */
export function passCount(total: number): number {
  return Math.ceil(total * PASS_RATIO - 1e-9);
}

/** Maps the review editor's easy/medium/hard and the viewer's levels onto the card levels. */
export function cardDifficulty(value: string | null): Difficulty {
  switch (value) {
    case 'easy':
    case 'beginner':
      return 'beginner';
    case 'hard':
    case 'advanced':
      return 'advanced';
    default:
      return 'intermediate';
  }
}

function sideOf(word: CardWord, type: CardType): { question: string; answer: string } {
  return type === 'hungarian_to_english'
    ? { question: word.word_hu, answer: word.word_en }
    : { question: word.word_en, answer: word.word_hu };
}

function pickDistractors(
  answer: string,
  pool: readonly string[],
  fillers: readonly string[],
  random: Random,
): string[] {
  const seen = new Set([answer.normalize('NFC')]);
  const picked: string[] = [];
  for (const text of [...shuffle(pool, random), ...fillers]) {
    const key = text.normalize('NFC');
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(text);
    if (picked.length === 3) break;
  }
  return picked;
}

function makeCard(
  word: CardWord,
  type: CardType,
  pool: readonly CardWord[],
  random: Random,
  audioUrlFor: (path: string | null) => string | undefined,
): Flashcard {
  const { question, answer } = sideOf(word, type);
  const others = pool.filter((w) => w.id !== word.id).map((w) => sideOf(w, type).answer);
  const fillers = type === 'hungarian_to_english' ? FILLERS_EN : FILLERS_HU;
  const audioUrl = audioUrlFor(word.audio_file_path);
  const correct: CardOption =
    type === 'english_to_hungarian' && audioUrl
      ? { text: answer, isCorrect: true, audioUrl }
      : { text: answer, isCorrect: true };
  const options = shuffle(
    [
      correct,
      ...pickDistractors(answer, others, fillers, random).map((text) => ({
        text,
        isCorrect: false,
      })),
    ],
    random,
  );
  return {
    id: `${word.id}:${type}`,
    vocabularyId: word.id,
    question:
      type === 'hungarian_to_english' && audioUrl
        ? { text: question, audioUrl }
        : { text: question },
    options,
    cardType: type,
    difficulty: cardDifficulty(word.difficulty),
    hungarian: word.word_hu,
  };
}

/** A lesson session: two cards per word (both directions), shuffled, at most 20. */
export function buildLessonCards(
  words: readonly CardWord[],
  random: Random,
  audioUrlFor: (path: string | null) => string | undefined = () => undefined,
): Flashcard[] {
  const cards = words.flatMap((word) => [
    makeCard(word, 'hungarian_to_english', words, random, audioUrlFor),
    makeCard(word, 'english_to_hungarian', words, random, audioUrlFor),
  ]);
  return shuffle(cards, random).slice(0, MAX_SESSION_CARDS);
}

/**
 * A review session: one card per due word (up to 20), even positions Hungarian → English, odd
 * positions English → Hungarian; distractors from same-difficulty due words when at least three
 * exist, otherwise from any other due word, then the fixed fillers.
 */
export function buildReviewCards(
  words: readonly CardWord[],
  random: Random,
  audioUrlFor: (path: string | null) => string | undefined = () => undefined,
): Flashcard[] {
  const chosen = words.slice(0, MAX_SESSION_CARDS);
  return chosen.map((word, index) => {
    const type: CardType = index % 2 === 0 ? 'hungarian_to_english' : 'english_to_hungarian';
    const level = cardDifficulty(word.difficulty);
    const sameLevel = words.filter(
      (w) => w.id !== word.id && cardDifficulty(w.difficulty) === level,
    );
    const pool = sameLevel.length >= 3 ? [word, ...sameLevel] : words;
    return makeCard(word, type, pool, random, audioUrlFor);
  });
}

export type CardResult = {
  readonly cardId: string;
  readonly correct: boolean;
  readonly timeSpent: number;
  readonly selectedOption: number;
};

export type SessionState = {
  readonly cards: readonly Flashcard[];
  readonly index: number;
  readonly selected: number | null;
  readonly results: readonly CardResult[];
  readonly finished: boolean;
  readonly cardShownAt: number;
};

export type SessionAction =
  | { readonly type: 'answer'; readonly option: number; readonly now: number }
  | { readonly type: 'next'; readonly now: number }
  | { readonly type: 'restart'; readonly cards: readonly Flashcard[]; readonly now: number };

export function startSession(cards: readonly Flashcard[], now: number): SessionState {
  return {
    cards,
    index: 0,
    selected: null,
    results: [],
    finished: cards.length === 0,
    cardShownAt: now,
  };
}

/**
 * One answer per card locks the options; `next` is ignored until the card is answered; after
 * the last card the session is finished.
 */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'answer': {
      const card = state.cards[state.index];
      if (state.finished || state.selected !== null || !card) return state;
      const option = card.options[action.option];
      if (!option) return state;
      const result: CardResult = {
        cardId: card.id,
        correct: option.isCorrect,
        timeSpent: Math.max(0, action.now - state.cardShownAt),
        selectedOption: action.option,
      };
      return { ...state, selected: action.option, results: [...state.results, result] };
    }
    case 'next': {
      if (state.finished || state.selected === null) return state;
      const last = state.index >= state.cards.length - 1;
      return last
        ? { ...state, finished: true }
        : { ...state, index: state.index + 1, selected: null, cardShownAt: action.now };
    }
    case 'restart':
      return startSession(action.cards, action.now);
  }
}

export type SessionSummary = {
  readonly totalCards: number;
  readonly correctAnswers: number;
  readonly accuracy: number;
  readonly passed: boolean;
  readonly results: readonly CardResult[];
};

export function summarise(state: SessionState): SessionSummary {
  const totalCards = state.cards.length;
  const correctAnswers = state.results.filter((r) => r.correct).length;
  const accuracy = totalCards === 0 ? 0 : Math.round((correctAnswers / totalCards) * 100);
  return {
    totalCards,
    correctAnswers,
    accuracy,
    passed: totalCards > 0 && correctAnswers >= passCount(totalCards),
    results: state.results,
  };
}
