import { LANGUAGE_CODES, type LanguageCode } from '@magyarul/core/enums';

/** The interface languages: the database's language_code enum (core's one list). */
export const LANGUAGES = LANGUAGE_CODES;
export type Language = LanguageCode;

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
};

export const LANGUAGE_STORAGE_KEY = 'magyarul.language';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language: the learner's saved choice, else the first browser language we have
 * a catalogue for (matching on the primary subtag, so de-AT is German), else English.
 */
export function pickLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (saved && isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
