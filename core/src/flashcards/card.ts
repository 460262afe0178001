import type { CardDifficulty } from './difficulty.ts';
import { meaningIn, textIn, optionKey, wordTranslations } from './meaning.ts';
import type { Meaning, MeaningLanguage } from './meaning.ts';

/**
 * The spec's two directions. "english" stands for the learner's meaning language: the names are
 * the spec's, and the card's `meaning` says which language its meaning side is really in.
 */
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
  /**
   * The word's meaning as this card shows it. Every meaning on the card (the answer and the
   * distractors, or the question) is in `meaning.language`; `fallback` marks English shown
   * because the learner's language is missing.
   */
  readonly meaning: Meaning;
};

/** A word as cards need it; `audioUrl` is already resolved to something playable. */
export type CardWord = {
  readonly id: string;
  readonly word_hu: string;
  readonly word_en: string;
  readonly word_de?: string | null;
  readonly word_es?: string | null;
  readonly difficulty?: string | null;
  readonly audioUrl?: string | null;
};

export type CardSides = { question: string; answer: string; meaning: Meaning };

/** The text a card asks about and the text it expects, by direction and meaning language. */
export function sides(
  word: CardWord,
  cardType: CardType,
  language: MeaningLanguage = 'en',
): CardSides {
  const hu = word.word_hu.normalize('NFC');
  const meaning = meaningIn(word, language);
  return cardType === 'hungarian_to_english'
    ? { question: hu, answer: meaning.text, meaning }
    : { question: meaning.text, answer: hu, meaning };
}

/**
 * The distractor texts `candidates` offer on the card of `word`, in candidate order. Meaning
 * options are taken in exactly the card's meaning language, so a German card never shows an
 * English distractor (a word without that translation offers none). Words that would be a
 * second right answer are left out: the same Hungarian word (a word can come back from an
 * earlier lesson with another meaning), or, when the card asks for the Hungarian, a word whose
 * meaning reads the same as the question (two words can share a German meaning while their
 * English ones differ).
 */
export function distractorsFor(
  word: CardWord,
  cardType: CardType,
  meaning: Meaning,
  candidates: readonly CardWord[],
): string[] {
  const hungarian = optionKey(word.word_hu);
  const shown = optionKey(meaning.text);
  const texts: string[] = [];
  for (const candidate of candidates) {
    if (optionKey(candidate.word_hu) === hungarian) continue;
    const candidateMeaning = textIn(wordTranslations(candidate), meaning.language);
    if (cardType === 'hungarian_to_english') {
      if (candidateMeaning !== null) texts.push(candidateMeaning);
    } else if (candidateMeaning === null || optionKey(candidateMeaning) !== shown) {
      texts.push(candidate.word_hu.normalize('NFC'));
    }
  }
  return texts;
}
