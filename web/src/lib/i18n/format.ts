import type { Language } from '../language.ts';
import type { TextKey } from './catalogue.ts';

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-DE', es: 'es-ES' };

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}:${JSON.stringify(options)}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], options);
    numberFormats.set(id, format);
  }
  return format;
}

/**
 * A number as readers of the language write it: 2,000 / 2.000 / 2.000 and 0.5 / 0,5 / 0,5.
 * Grouping is on from four digits in all three languages (CLDR leaves Spanish 2000 ungrouped;
 * the Spanish texts of the product write 2.000, and one page should not mix the two).
 */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, { useGrouping: 'always', maximumFractionDigits: 2 }).format(value);
}

/** A ratio (0.3) as a percentage: 30% / 30 % / 30 %. */
export function formatPercent(ratio: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

const LEVEL_KEYS: Readonly<Record<string, TextKey>> = {
  beginner: 'level.beginner',
  intermediate: 'level.intermediate',
  advanced: 'level.advanced',
};

/** The catalogue key of a lesson level's name, or null for a level the catalogue lacks. */
export function levelKey(level: string): TextKey | null {
  return LEVEL_KEYS[level.trim().toLowerCase()] ?? null;
}
