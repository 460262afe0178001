import type { Language } from '../language.ts';
import type { TextKey } from './catalogue.ts';

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-DE', es: 'es-ES' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The Intl formatter of these options, made once (used for what `written` does not cover). */
export function numberFormat(
  language: Language,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const id = `${language}:${JSON.stringify(options)}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], options);
    numberFormats.set(id, format);
  }
  return format;
}

const SEPARATORS: Readonly<Record<Language, { group: string; decimal: string }>> = {
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
  es: { group: '.', decimal: ',' },
};

/** The decimal digits of `text` (no exponent) rounded half up to `digits` decimals. */
function roundDecimal(text: string, digits: number): { whole: string; fraction: string } {
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return { whole, fraction };
  let kept = whole + fraction.slice(0, digits);
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) {
    const carried = [...kept];
    let i = carried.length - 1;
    for (; i >= 0 && carried[i] === '9'; i--) carried[i] = '0';
    if (i >= 0) carried[i] = String(Number(carried[i]) + 1);
    kept = (i < 0 ? '1' : '') + carried.join('');
  }
  return {
    whole: kept.slice(0, kept.length - digits) || '0',
    fraction: kept.slice(kept.length - digits),
  };
}

/**
 * A non-negative number below 10^15 (times 10^`shift`) written as Intl.NumberFormat writes it in
 * the language, with at most `fractionDigits` decimals and thousands grouped from four digits, or
 * null for anything else. Like ICU it starts from the shortest decimal that reads back as the
 * number (String(value)), shifts and rounds that half up. The first Intl.NumberFormat of a page
 * costs Chromium 50–90 ms of main thread (its locale data), four times that on a mid-range
 * phone, and every learner page shows a number: the digits of the three languages are written
 * here, and format.test.ts checks them against Intl.
 */
export function written(
  value: number,
  language: Language,
  fractionDigits: number,
  shift = 0,
): string | null {
  if (!Number.isFinite(value) || value < 0 || value >= 1e15 || Object.is(value, -0)) return null;
  const text = String(value);
  if (text.includes('e')) return null;
  const [integer = '', decimals = ''] = text.split('.');
  const padded = decimals.padEnd(shift, '0');
  const shifted = `${integer}${padded.slice(0, shift)}.${padded.slice(shift)}`.replace(
    /^0+(?=\d)/,
    '',
  );
  const { whole, fraction } = roundDecimal(shifted, fractionDigits);
  const { group, decimal } = SEPARATORS[language];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${grouped}${decimal}${kept}` : grouped;
}

/**
 * A number as readers of the language write it: 2,000 / 2.000 / 2.000 and 0.5 / 0,5 / 0,5.
 * Grouping is on from four digits in all three languages (CLDR leaves Spanish 2000 ungrouped;
 * the Spanish texts of the product write 2.000, and one page should not mix the two).
 */
export function formatNumber(value: number, language: Language): string {
  return (
    written(value, language, 2) ??
    numberFormat(language, { useGrouping: 'always', maximumFractionDigits: 2 }).format(value)
  );
}

/** A ratio (0.3) as a percentage: 30% / 30 % / 30 % (a no-break space in German and Spanish). */
export function formatPercent(ratio: number, language: Language): string {
  // Below 1,000 % only: Spanish leaves four-digit percentages ungrouped.
  const digits = ratio < 10 ? written(ratio, language, 0, 2) : null;
  if (digits === null) {
    return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
  }
  return language === 'en' ? `${digits}%` : `${digits}\u00a0%`;
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

/** "in 3 hours" / "in 3 Stunden" / "dentro de 3 horas"; "tomorrow" for one day. */
export function formatRelative(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  language: Language,
): string {
  return new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' }).format(value, unit);
}

/** An hour of the day as the language writes it (18:00 in all three interface locales). */
export function formatHour(hour: number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hour));
}
