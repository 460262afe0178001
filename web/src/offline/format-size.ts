import type { Language } from '../lib/language.ts';

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-DE', es: 'es-ES' };

/** Bytes as the learner reads a file size: 840 kB, 3.4 MB (3,4 MB in German and Spanish). */
export function formatSize(bytes: number, language: Language): string {
  const megabytes = bytes >= 1_000_000;
  const value = megabytes ? bytes / 1_000_000 : Math.max(bytes, 0) / 1000;
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? value : Math.max(1, Math.round(value)));
}
