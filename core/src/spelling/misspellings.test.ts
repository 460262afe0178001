import { describe, expect, it } from 'vitest';
import type { SpellingPort } from './misspellings.ts';
import { isNameForm, misspellings } from './misspellings.ts';

// A small dictionary standing in for hunspell: the port is all the rule needs.
const KNOWN = new Set(['Egy', 'kávét', 'kérek', 'a', 'kávézóban', 'Duna', 'part', 'én']);
const asked: string[] = [];
const port: SpellingPort = {
  correct: (word) => {
    asked.push(word);
    return KNOWN.has(word);
  },
  suggest: (word) => (word === 'kávézo' ? ['kávézó', 'kávéző', 'kávézi', 'kávéz', 'kávé'] : []),
};

describe('misspellings', () => {
  it('returns the unknown words with their offsets and at most four suggestions', () => {
    const text = 'Egy kávét kérek a kávézo-ban, a kávézo!';
    expect(misspellings(text, port)).toEqual([
      { word: 'kávézo-ban', start: 18, end: 28, suggestions: [] },
      {
        word: 'kávézo',
        start: 32,
        end: 38,
        suggestions: ['kávézó', 'kávéző', 'kávézi', 'kávéz'],
      },
    ]);
  });

  it('returns nothing for numbers, hyphenated words whose parts are known, and NFD text', () => {
    expect(misspellings('12 óra 10:30-kor', { ...port, correct: (w) => w === 'óra' })).toEqual([
      expect.objectContaining({ word: '10:30-kor' }),
    ]);
    expect(misspellings('Duna-part 12-én', port)).toEqual([]);
    expect(misspellings('ka\u0301ve\u0301t', port)).toEqual([]);
  });

  it('returns a repeated word checked once', () => {
    asked.length = 0;
    misspellings('kérek kérek kérek', port);
    expect(asked).toEqual(['kérek']);
  });

  it('returns no name of the lesson, nor its inflected forms, as misspelt', () => {
    const text = 'Erzsi Bencével és Annának beszél, Erzsi-vel is; erzsi nem név.';
    const names = ['Erzsi', 'Bence', 'Anna'];
    // The stand-in dictionary knows none of the other words: they stay flagged, names do not.
    expect(misspellings(text, port, { names }).map((m) => m.word)).toEqual([
      'és',
      'beszél',
      'is',
      'erzsi',
      'nem',
      'név',
    ]);
    expect(misspellings(text, port).map((m) => m.word)).toContain('Bencével');
  });

  it('returns true for a name form only when capitalised and beginning with the name', () => {
    expect(isNameForm('Bencééknél', ['Bence'])).toBe(true);
    expect(isNameForm('Annát', ['Anna'])).toBe(true);
    expect(isNameForm('Ánnát', ['Anna'])).toBe(false);
    expect(isNameForm('bencével', ['Bence'])).toBe(false);
    expect(isNameForm('Benedek', ['Bence'])).toBe(false);
    expect(isNameForm('E\u0301va', ['Éva'])).toBe(true);
    expect(isNameForm('Kati', ['', ' '])).toBe(false);
  });
});
