import type { CardDifficulty } from './difficulty.ts';

export type CardType = 'hungarian_to_english' | 'english_to_hungarian';

export type FlashcardOption = {
  readonly text: string;
  readonly isCorrect: boolean;
  /** Only the correct option carries the word's audio. */
  readonly audioUrl?: string;
};

/** One multiple-choice card (learner spec §3). */
export type Flashcard = {
  readonly id: string;
  /** The id of the vocabulary word the card asks about. */
  readonly vocabularyId: string;
  readonly question: { readonly text: string; readonly audioUrl: string | null };
  readonly options: readonly FlashcardOption[];
  readonly cardType: CardType;
  readonly difficulty: CardDifficulty;
  /** The Hungarian text, for speaking the word aloud. */
  readonly hungarian: string;
};

/** A word as cards need it; `audioUrl` is already resolved to something playable. */
export type CardWord = {
  readonly id: string;
  readonly word_hu: string;
  readonly word_en: string;
  readonly difficulty?: string | null;
  readonly audioUrl?: string | null;
};

/** The text a card asks about and the text it expects, by direction. */
export function sides(word: CardWord, cardType: CardType): { question: string; answer: string } {
  const hu = word.word_hu.normalize('NFC');
  const en = word.word_en.normalize('NFC');
  return cardType === 'hungarian_to_english'
    ? { question: hu, answer: en }
    : { question: en, answer: hu };
}
