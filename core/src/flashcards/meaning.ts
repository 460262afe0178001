import { LANGUAGE_CODES, type LanguageCode } from '../enums/index.ts';

/**
 * The languages meanings are stored in (profiles.meaning_language; word_en, word_de, word_es):
 * the database's language_code enum, core's one list of the learners' languages.
 */
export const MEANING_LANGUAGES = LANGUAGE_CODES;
export type MeaningLanguage = LanguageCode;

/** English is the language every word has: the one meanings fall back to. */
export const FALLBACK_MEANING_LANGUAGE: MeaningLanguage = 'en';

export function isMeaningLanguage(value: unknown): value is MeaningLanguage {
  return typeof value === 'string' && (MEANING_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A text in one language as a learner sees it: `language` is the language of `text`, and
 * `fallback` is true when the learner's language was missing and English is shown instead
 * (the screens say so; a fallback is never silent).
 */
export type Meaning = {
  readonly text: string;
  readonly language: MeaningLanguage;
  readonly fallback: boolean;
};

/** The same text in each language; null, undefined or blank means "not translated yet". */
export type Translations = { readonly [L in MeaningLanguage]?: string | null };

/** A word's meanings as the schema stores them: English always, German and Spanish when present. */
export type WordMeanings = {
  readonly word_en: string;
  readonly word_de?: string | null;
  readonly word_es?: string | null;
};

/** A transcript line's translations as the schema stores them (each may be missing). */
export type LineTranslations = {
  readonly translation_en?: string | null;
  readonly translation_de?: string | null;
  readonly translation_es?: string | null;
};

/** The text in exactly `language`, NFC and trimmed, or null when it is missing or blank. */
export function textIn(translations: Translations, language: MeaningLanguage): string | null {
  const value = translations[language];
  if (typeof value !== 'string') return null;
  const text = value.normalize('NFC').trim();
  return text === '' ? null : text;
}

/**
 * The text in the learner's language, else in English marked as a fallback, else null (nothing
 * to show in any language).
 */
export function pickTranslation(
  translations: Translations,
  language: MeaningLanguage,
): Meaning | null {
  const own = textIn(translations, language);
  if (own !== null) return { text: own, language, fallback: false };
  const english = textIn(translations, FALLBACK_MEANING_LANGUAGE);
  if (english !== null)
    return { text: english, language: FALLBACK_MEANING_LANGUAGE, fallback: true };
  return null;
}

export function wordTranslations(word: WordMeanings): Translations {
  return { en: word.word_en, de: word.word_de, es: word.word_es };
}

export function lineTranslations(line: LineTranslations): Translations {
  return { en: line.translation_en, de: line.translation_de, es: line.translation_es };
}

/**
 * A word's meaning in the learner's language, falling back to English. Every word has an
 * English meaning; should it be blank anyway, the stored text is returned as it is rather
 * than an empty option.
 */
export function meaningIn(word: WordMeanings, language: MeaningLanguage): Meaning {
  return (
    pickTranslation(wordTranslations(word), language) ?? {
      text: word.word_en.normalize('NFC'),
      language: FALLBACK_MEANING_LANGUAGE,
      fallback: language !== FALLBACK_MEANING_LANGUAGE,
    }
  );
}

/** A transcript line's translation in the learner's language, else English, else null. */
export function lineTranslationIn(
  line: LineTranslations,
  language: MeaningLanguage,
): Meaning | null {
  return pickTranslation(lineTranslations(line), language);
}

/**
 * The language a learner reads meanings in: the one chosen on their profile, else the interface
 * language when meanings exist in it, else English.
 */
export function resolveMeaningLanguage(
  chosen: string | null | undefined,
  interfaceLanguage: string,
): MeaningLanguage {
  if (isMeaningLanguage(chosen)) return chosen;
  if (isMeaningLanguage(interfaceLanguage)) return interfaceLanguage;
  return FALLBACK_MEANING_LANGUAGE;
}

/**
 * What two option texts are compared by: NFC, trimmed, inner whitespace collapsed and lower
 * case. Accents are kept (kor, kór and kör stay three words); "Hallo" and "hallo " are one,
 * since a learner would see two equal options.
 */
export function optionKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}
