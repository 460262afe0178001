import { describe, expect, it } from 'vitest';
import { format, placeholdersOf } from './format.ts';
import { pluralCategory } from './plural.ts';

const streakDe = '{n, plural, one {# Tag in Folge} other {# Tage in Folge}}';
const streakEs = '{n, plural, one {Racha de # día} other {Racha de # días}}';

describe('counted texts', () => {
  it.each([
    ['en', 0, 'other'],
    ['en', 1, 'one'],
    ['en', 2, 'other'],
    ['de', 1, 'one'],
    ['de', 21, 'other'],
    ['es', 1, 'one'],
    ['es', 5, 'other'],
    ['es', 1.5, 'other'],
  ] as const)('returns the CLDR category of %s %d: %s', (locale, n, category) => {
    expect(pluralCategory(n, locale)).toBe(category);
  });

  it.each([
    [streakDe, 'de', 1, '1 Tag in Folge'],
    [streakDe, 'de', 0, '0 Tage in Folge'],
    [streakDe, 'de', 3, '3 Tage in Folge'],
    [streakEs, 'es', 1, 'Racha de 1 día'],
    [streakEs, 'es', 7, 'Racha de 7 días'],
    ['{n} day streak', 'en', 1, '1 day streak'],
  ])('returns "%s" in %s for %d as "%s"', (template, locale, n, expected) => {
    expect(format(template, { n }, { locale })).toBe(expected);
  });

  it('returns the exact form before the category, and other when a form is missing', () => {
    const template = '{n, plural, =0 {nothing yet} one {# word} other {# words}}';
    expect(format(template, { n: 0 })).toBe('nothing yet');
    expect(format(template, { n: 1 })).toBe('1 word');
    expect(format(template, { n: 2 })).toBe('2 words');
    // Spanish has a "many" category for millions: without that form, other is used.
    expect(pluralCategory(1_000_000, 'es')).toBe('many');
    expect(
      format('{n, plural, one {# día} other {# días}}', { n: 1_000_000 }, { locale: 'es' }),
    ).toBe('1000000 días');
  });

  it('returns # written by the app and other placeholders filled, several blocks in one text', () => {
    const template =
      'Available today: {lessons, plural, one {# lesson} other {# lessons}} with {words, plural, one {# word} other {# words}} ({extra}).';
    const grouped = (n: number) => n.toLocaleString('en-GB');
    expect(
      format(template, { lessons: 1, words: 2000, extra: 'more soon' }, { formatNumber: grouped }),
    ).toBe('Available today: 1 lesson with 2,000 words (more soon).');
    expect(placeholdersOf(template)).toEqual(['lessons', 'words', 'extra']);
  });

  it('returns a count given as digits like a number, and other (# as given) for anything else', () => {
    expect(format(streakDe, { n: '1' }, { locale: 'de' })).toBe('1 Tag in Folge');
    expect(format(streakDe, { n: '{n}' }, { locale: 'de' })).toBe('{n} Tage in Folge');
    expect(format(streakDe, {}, { locale: 'de' })).toBe('{n} Tage in Folge');
  });

  it('returns a malformed block as written', () => {
    for (const template of [
      '{n, plural, one {# x}}',
      '{n, plural, one {# x} other {# y}',
      'a {n, plural,',
    ]) {
      expect(format(template, { n: 1 })).toBe(template.replace(/\{n\}/g, '1'));
    }
  });
});
