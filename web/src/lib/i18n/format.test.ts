import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { es } from './es.ts';
import { english, translate } from './catalogue.ts';
import { formatNumber, formatPercent, levelKey, numberFormat } from './format.ts';

// A fixed-seed generator (mulberry32): the same many values on every run.
let seed = 0x6d61_6779;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

describe('localised numbers and level names', () => {
  it('returns 2,000 in English and 2.000 in German and Spanish', () => {
    expect(formatNumber(2000, 'en')).toBe('2,000');
    expect(formatNumber(2000, 'de')).toBe('2.000');
    expect(formatNumber(2000, 'es')).toBe('2.000');
    expect(formatNumber(150, 'de')).toBe('150');
    expect(formatNumber(1234567, 'es')).toBe('1.234.567');
  });

  it('returns decimals with the language separator', () => {
    expect(formatNumber(0.5, 'en')).toBe('0.5');
    expect(formatNumber(0.75, 'de')).toBe('0,75');
    expect(formatNumber(1.25, 'es')).toBe('1,25');
    expect(formatNumber(2, 'de')).toBe('2');
  });

  it('returns percentages as each language writes them', () => {
    expect(formatPercent(0.3, 'en')).toBe('30%');
    expect(formatPercent(0.3, 'de')).toBe('30\u00a0%');
    expect(formatPercent(1, 'es')).toBe('100\u00a0%');
  });

  it('returns exactly what Intl.NumberFormat writes, for every kind of number the app shows', () => {
    // formatNumber and formatPercent write plain numbers by hand (no Intl at page load): the
    // same text as Intl for counts, decimals on rounding edges and ratios, in all three languages.
    const numbers = [0, 1, 5, 999, 1000, 1001, 9999, 10_000, 123_456, 1_000_000, 987_654_321];
    for (let i = 0; i < 400; i++) numbers.push(Math.floor(random() * 10 ** (1 + (i % 12))));
    for (let i = 0; i < 400; i++) numbers.push(random() * 10 ** (i % 7));
    for (let i = 0; i < 200; i++) numbers.push(Math.round(random() * 100_000) / 1000 + 0.005);
    numbers.push(0.125, 1.005, 2.675, 0.5, 1.5, 2.5, 99.995, 999.999, 1e14 + 0.5, -3, -0, NaN);
    const ratios = [0, 0.001, 0.005, 0.015, 0.125, 0.145, 0.285, 0.3, 0.5, 0.575, 0.995, 1, 2.5];
    for (let i = 0; i <= 1000; i++) ratios.push(i / 1000);
    for (let i = 0; i < 300; i++) ratios.push(random() * 12);
    for (const language of ['en', 'de', 'es'] as const) {
      const grouped = numberFormat(language, { useGrouping: 'always', maximumFractionDigits: 2 });
      const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
      for (const value of numbers)
        expect(formatNumber(value, language)).toBe(grouped.format(value));
      for (const ratio of ratios)
        expect(formatPercent(ratio, language)).toBe(percent.format(ratio));
    }
  });

  it('returns the level names of each catalogue', () => {
    const key = levelKey('Beginner');
    expect(key).toBe('level.beginner');
    if (!key) return;
    expect(translate(english, key)).toBe('Beginner');
    expect(translate(de, key)).toBe('Anfänger');
    expect(translate(es, 'level.intermediate')).toBe('Intermedio');
    expect(levelKey('expert')).toBeNull();
  });
});
