import { MEANING_LANGUAGES, type MeaningLanguage } from '../flashcards/meaning.ts';

/** The languages meanings and line translations exist in (DESIGN §10): the language_code enum. */
export const TRANSLATION_LANGUAGES = MEANING_LANGUAGES;

export type TranslationLanguage = MeaningLanguage;

/** The lesson_transcript column holding a line's translation into `language`. */
export const LINE_TRANSLATION_COLUMN = {
  en: 'translation_en',
  de: 'translation_de',
  es: 'translation_es',
} as const satisfies Record<TranslationLanguage, string>;

/** The lesson_vocabulary column holding a word's meaning in `language` (word_en as the spec names it). */
export const WORD_MEANING_COLUMN = {
  en: 'word_en',
  de: 'word_de',
  es: 'word_es',
} as const satisfies Record<TranslationLanguage, string>;

export type LineTranslationColumns = {
  readonly translation_en: string | null;
  readonly translation_de: string | null;
  readonly translation_es: string | null;
};

export type WordMeaningColumns = {
  readonly word_en: string | null;
  readonly word_de: string | null;
  readonly word_es: string | null;
};

/** How many words and lines of a lesson lack a meaning or translation in one language. */
export type LanguageCompleteness = {
  readonly language: TranslationLanguage;
  readonly missingWords: number;
  readonly missingLines: number;
  readonly complete: boolean;
};

function present(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Per language, the words without a meaning and the lines without a translation. A language
 * is complete when every word and every line has one (a lesson without words or lines is
 * complete in that respect).
 */
export function translationCompleteness(
  words: readonly Partial<WordMeaningColumns>[],
  lines: readonly Partial<LineTranslationColumns>[],
): LanguageCompleteness[] {
  return TRANSLATION_LANGUAGES.map((language) => {
    const missingWords = words.filter((w) => !present(w[WORD_MEANING_COLUMN[language]])).length;
    const missingLines = lines.filter((l) => !present(l[LINE_TRANSLATION_COLUMN[language]])).length;
    return {
      language,
      missingWords,
      missingLines,
      complete: missingWords === 0 && missingLines === 0,
    };
  });
}

/** The languages of `status` that are not complete, in the product's order. */
export function incompleteLanguages(
  status: readonly LanguageCompleteness[],
): TranslationLanguage[] {
  return status.filter((s) => !s.complete).map((s) => s.language);
}

/** A typed translation or meaning as stored: NFC, trimmed, and null when empty. */
export function storedTranslation(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.normalize('NFC').trim();
  return text === '' ? null : text;
}

/** A lesson's counts as admin_translation_status returns them (null counts read as 0). */
export type TranslationCounts = {
  readonly words: number | null;
  readonly words_de: number | null;
  readonly words_es: number | null;
  readonly lines: number | null;
  readonly lines_en: number | null;
  readonly lines_de: number | null;
  readonly lines_es: number | null;
};

/** Per language, what a lesson lacks, from its counts (English words are always there). */
export function completenessFromCounts(counts: TranslationCounts): LanguageCompleteness[] {
  const words = counts.words ?? 0;
  const lines = counts.lines ?? 0;
  const have: Record<TranslationLanguage, { words: number; lines: number }> = {
    en: { words, lines: counts.lines_en ?? 0 },
    de: { words: counts.words_de ?? 0, lines: counts.lines_de ?? 0 },
    es: { words: counts.words_es ?? 0, lines: counts.lines_es ?? 0 },
  };
  return TRANSLATION_LANGUAGES.map((language) => {
    const missingWords = Math.max(0, words - have[language].words);
    const missingLines = Math.max(0, lines - have[language].lines);
    return {
      language,
      missingWords,
      missingLines,
      complete: missingWords === 0 && missingLines === 0,
    };
  });
}
