import { numberFormat, written } from '../lib/i18n/format.ts';
import type { Language } from '../lib/language.ts';

/** Bytes as the learner reads a file size: 840 kB, 3.4 MB (3,4 MB in German and Spanish). */
export function formatSize(bytes: number, language: Language): string {
  const megabytes = bytes >= 1_000_000;
  const value = megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(Math.max(bytes, 0) / 1000));
  // Below 1,000 there is no grouping to differ on: written by hand (no Intl at page load).
  const digits = value < 1000 ? written(value, language, megabytes ? 1 : 0) : null;
  if (digits !== null) return `${digits} ${megabytes ? 'MB' : 'kB'}`;
  return numberFormat(language, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(value);
}
