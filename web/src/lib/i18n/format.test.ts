import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { es } from './es.ts';
import { english, translate } from './catalogue.ts';
import { formatNumber, formatPercent, levelKey } from './format.ts';

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
