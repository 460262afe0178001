import { describe, expect, it } from 'vitest';
import { checkAnswer } from './compare.ts';
import { acceptedAnswers } from './alternatives.ts';
import { ACCENT_LETTERS, ACCENT_LETTERS_UPPER } from './letters.ts';

describe('checkAnswer', () => {
  it.each([
    ['jó', 'jo', 'ó', 'o', 'missingAccent'],
    ['öt', 'ot', 'ö', 'o', 'missingAccent'],
    ['kérek', 'kerek', 'é', 'e', 'missingAccent'],
    ['kő', 'kö', 'ő', 'ö', 'longVowel'],
    ['szűk', 'szük', 'ű', 'ü', 'longVowel'],
    ['tükör', 'tűkör', 'ü', 'ű', 'shortVowel'],
    ['bor', 'bór', 'o', 'ó', 'shortVowel'],
    ['öt', 'ót', 'ö', 'ó', 'vowelFamily'],
    ['sör', 'sor', 'ö', 'o', 'missingAccent'],
    ['hozz', 'hoz', 'zz', 'z', 'doubleConsonant'],
    ['asszony', 'aszony', 'ssz', 'sz', 'doubleConsonant'],
    ['hattyú', 'hatyú', 'tty', 'ty', 'doubleConsonant'],
    ['meggy', 'megy', 'ggy', 'gy', 'doubleConsonant'],
    ['gally', 'galy', 'lly', 'ly', 'doubleConsonant'],
    ['hosszú', 'hoszú', 'ssz', 'sz', 'doubleConsonant'],
    ['kicsi', 'kiccsi', 'cs', 'ccs', 'singleConsonant'],
    ['megy', 'meggy', 'gy', 'ggy', 'singleConsonant'],
    ['reggel', 'regel', 'gg', 'g', 'doubleConsonant'],
    ['könyv', 'könvy', 'yv', 'vy', 'swapped'],
    ['piros', 'pirso', 'os', 'so', 'swapped'],
  ])(
    'returns a near miss graded as wrong for %s typed %s (%s → %s: %s)',
    (word, typed, e, t, kind) => {
      const check = checkAnswer(typed, word);
      expect(check.verdict).toBe('nearMiss');
      expect(check.differences).toEqual([
        { kind, key: `answers.difference.${kind}`, params: { expected: e, typed: t } },
      ]);
    },
  );

  it('returns the exact segments of a near miss for a UI to render', () => {
    expect(checkAnswer('kerek', 'kérek').segments).toEqual([
      { type: 'same', text: 'k' },
      { type: 'wrong', expected: 'é', typed: 'e', kind: 'missingAccent' },
      { type: 'same', text: 'rek' },
    ]);
    expect(checkAnswer('aszony', 'asszony').segments).toEqual([
      { type: 'same', text: 'a' },
      { type: 'wrong', expected: 'ssz', typed: 'sz', kind: 'doubleConsonant' },
      { type: 'same', text: 'ony' },
    ]);
  });

  it('returns missing and extra letters', () => {
    expect(checkAnswer('kéek', 'kérek').segments).toEqual([
      { type: 'same', text: 'ké' },
      { type: 'missing', expected: 'r', kind: 'missingLetters' },
      { type: 'same', text: 'ek' },
    ]);
    expect(checkAnswer('kérekk', 'kérek').differences).toEqual([
      {
        kind: 'singleConsonant',
        key: 'answers.difference.singleConsonant',
        params: { expected: 'k', typed: 'kk' },
      },
    ]);
    expect(checkAnswer('szépenn', 'szépen').verdict).toBe('nearMiss');
    expect(checkAnswer('kérekxy', 'kérek').differences).toEqual([
      {
        kind: 'extraLetters',
        key: 'answers.difference.extraLetters',
        params: { expected: '', typed: 'xy' },
      },
    ]);
  });

  it('returns right regardless of case, surrounding punctuation and spacing', () => {
    for (const typed of ['Jó napot!', '  jó   napot ', '¿JÓ NAPOT?', '"jó napot."', 'jó\tnapot']) {
      expect(checkAnswer(typed, 'jó napot'), typed).toMatchObject({
        verdict: 'right',
        expected: 'jó napot',
      });
    }
  });

  it('returns wrong for an answer far from every form, and for a blank answer', () => {
    expect(checkAnswer('hello', 'köszönöm').verdict).toBe('wrong');
    expect(checkAnswer('', 'jó').verdict).toBe('wrong');
    expect(checkAnswer('  !? ', 'jó').verdict).toBe('wrong');
    expect(checkAnswer('jó', '').verdict).toBe('wrong');
  });

  it('returns right for every headword, optional part and article of the field', () => {
    expect(checkAnswer('helló', 'szia, helló').verdict).toBe('right');
    expect(checkAnswer('szia', 'szia, helló').verdict).toBe('right');
    expect(checkAnswer('kér', 'kér (vmit)')).toMatchObject({
      verdict: 'right',
      headword: 'kér (vmit)',
    });
    expect(checkAnswer('elmegy', '(el)megy').verdict).toBe('right');
    expect(checkAnswer('megy', '(el)megy').verdict).toBe('right');
    expect(checkAnswer('kávé', 'a kávé').verdict).toBe('right');
    expect(checkAnswer('a kávé', 'kávé').verdict).toBe('right');
    expect(checkAnswer('egy alma', 'az alma').verdict).toBe('right');
    expect(checkAnswer('a', 'a').verdict).toBe('right');
  });

  it('returns the closest headword for a near miss among several', () => {
    const check = checkAnswer('helo', 'szia / helló');
    expect(check).toMatchObject({ verdict: 'nearMiss', headword: 'helló', expected: 'helló' });
    expect(check.differences.map((d) => d.kind)).toEqual(['doubleConsonant', 'missingAccent']);
  });

  it('returns the same result for headwords parsed once', () => {
    const parsed = acceptedAnswers('a kávé');
    expect(checkAnswer('kave', parsed)).toEqual(checkAnswer('kave', 'a kávé'));
  });

  it('returns the accent letters for the buttons, lower and upper case', () => {
    expect(ACCENT_LETTERS.join('')).toBe('áéíóöőúüű');
    expect(ACCENT_LETTERS_UPPER.join('')).toBe('ÁÉÍÓÖŐÚÜŰ');
    expect(ACCENT_LETTERS.map((l) => l.toUpperCase())).toEqual([...ACCENT_LETTERS_UPPER]);
  });
});
