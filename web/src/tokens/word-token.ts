import type { MeaningLanguage } from '@magyarul/core/flashcards';
import {
  pickTranslation,
  type Meaning,
  type Translations,
  type WordMeanings,
} from '@magyarul/core/flashcards';

/** A glossary entry as a token embeds it (the course-wide dictionary form and its meanings). */
export type TokenGlossary = {
  readonly lemma: string;
  readonly meaning_en: string;
  readonly meaning_de: string | null;
  readonly meaning_es: string | null;
};

/**
 * One word of a transcript line as the learner's pages read it (DESIGN §12.3): where it stands in
 * the line's NFC text, its dictionary form, the notes on its endings, its meaning (its own, else
 * its lesson word's, else its glossary entry's) and its times in each audio version.
 */
export type WordToken = {
  readonly id: string;
  readonly line_id: string;
  readonly position: number;
  readonly char_start: number;
  readonly char_end: number;
  readonly text: string;
  readonly lemma: string;
  readonly grammar_notes: readonly string[];
  readonly vocabulary_id: string | null;
  readonly glossary_id: string | null;
  readonly meaning_en: string | null;
  readonly meaning_de: string | null;
  readonly meaning_es: string | null;
  readonly is_name: boolean;
  readonly lesson_note_id: string | null;
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly slow_start_time: number | null;
  readonly slow_end_time: number | null;
  readonly natural_start_time: number | null;
  readonly natural_end_time: number | null;
  readonly glossary: TokenGlossary | null;
};

/** A lesson word a token may link to: its meanings and its recording. */
export type TokenWord = WordMeanings & {
  readonly id: string;
  readonly audio_file_path?: string | null;
};

/** The token's own meanings where it has them, else its lesson word's, else its glossary entry's. */
function tokenTranslations(token: WordToken, word: TokenWord | undefined): Translations {
  const own: Translations = { en: token.meaning_en, de: token.meaning_de, es: token.meaning_es };
  const linked: Translations = word
    ? { en: word.word_en, de: word.word_de, es: word.word_es }
    : token.glossary
      ? {
          en: token.glossary.meaning_en,
          de: token.glossary.meaning_de,
          es: token.glossary.meaning_es,
        }
      : {};
  return {
    en: own.en ?? linked.en,
    de: own.de ?? linked.de,
    es: own.es ?? linked.es,
  };
}

/**
 * The word's meaning in the learner's language, English standing in (marked) where that language
 * lacks it, as on the flashcards; null for a word with no meaning at all (a name).
 */
export function tokenMeaning(
  token: WordToken,
  word: TokenWord | undefined,
  language: MeaningLanguage,
): Meaning | null {
  return pickTranslation(tokenTranslations(token, word), language);
}

/** What the learner keeps with Add to review: the lesson word, else the glossary entry, else nothing. */
export function keepable(token: WordToken): boolean {
  return !token.is_name && (token.vocabulary_id !== null || token.glossary_id !== null);
}

/** The dictionary form to show: the token's, which the glossary entry's agrees with when linked. */
export function dictionaryForm(token: WordToken): string {
  return token.lemma.normalize('NFC');
}

/** Is this word one the learner already has in review (by its lesson word or glossary entry)? */
export function isKnown(token: WordToken, known: KnownWords): boolean {
  return (
    (token.vocabulary_id !== null && known.vocabulary.has(token.vocabulary_id)) ||
    (token.glossary_id !== null && known.glossary.has(token.glossary_id))
  );
}

/** The learner's words in review: lesson words and glossary entries they have a card of. */
export type KnownWords = {
  readonly vocabulary: ReadonlySet<string>;
  readonly glossary: ReadonlySet<string>;
};

export const NO_KNOWN_WORDS: KnownWords = { vocabulary: new Set(), glossary: new Set() };
