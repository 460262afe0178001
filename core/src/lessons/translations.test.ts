import { describe, expect, it } from 'vitest';
import {
  completenessFromCounts,
  incompleteLanguages,
  storedTranslation,
  translationCompleteness,
} from './translations.ts';

describe('translation completeness', () => {
  it('returns each language complete when every word and line has it', () => {
    const status = translationCompleteness(
      [{ word_en: 'apple', word_de: 'Apfel', word_es: 'manzana' }],
      [{ translation_en: 'Hi', translation_de: 'Hallo', translation_es: 'Hola' }],
    );
    expect(status.map((s) => s.complete)).toEqual([true, true, true]);
    expect(incompleteLanguages(status)).toEqual([]);
  });

  it('returns the missing words and lines per language (blank counts as missing)', () => {
    const status = translationCompleteness(
      [
        { word_en: 'apple', word_de: null, word_es: 'manzana' },
        { word_en: 'bread', word_de: '  ', word_es: null },
      ],
      [{ translation_en: null, translation_de: 'Hallo', translation_es: 'Hola' }, {}],
    );
    expect(status).toEqual([
      { language: 'en', missingWords: 0, missingLines: 2, complete: false },
      { language: 'de', missingWords: 2, missingLines: 1, complete: false },
      { language: 'es', missingWords: 1, missingLines: 1, complete: false },
    ]);
    expect(incompleteLanguages(status)).toEqual(['en', 'de', 'es']);
  });

  it('returns a lesson without words or lines complete', () => {
    expect(incompleteLanguages(translationCompleteness([], []))).toEqual([]);
  });

  it('returns typed translations in stored form', () => {
    expect(storedTranslation('  Grüße '.normalize('NFD'))).toBe('Grüße');
    expect(storedTranslation('   ')).toBeNull();
    expect(storedTranslation(null)).toBeNull();
    expect(storedTranslation(undefined)).toBeNull();
  });

  it('returns completeness from the database counts, English words always present', () => {
    expect(
      completenessFromCounts({
        words: 4,
        words_de: 4,
        words_es: 1,
        lines: 10,
        lines_en: 10,
        lines_de: 9,
        lines_es: 10,
      }),
    ).toEqual([
      { language: 'en', missingWords: 0, missingLines: 0, complete: true },
      { language: 'de', missingWords: 0, missingLines: 1, complete: false },
      { language: 'es', missingWords: 3, missingLines: 0, complete: false },
    ]);
    const empty = {
      words: null,
      words_de: null,
      words_es: null,
      lines: null,
      lines_en: null,
      lines_de: null,
      lines_es: null,
    };
    expect(incompleteLanguages(completenessFromCounts(empty))).toEqual([]);
  });
});
