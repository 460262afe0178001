import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.ts';

const words = (text: string) => tokenize(text).map((token) => token.text);

describe('tokenize', () => {
  it('returns the words without the punctuation around them', () => {
    expect(words('Jó napot! Hogy van? – Köszönöm, jól.')).toEqual([
      'Jó',
      'napot',
      'Hogy',
      'van',
      'Köszönöm',
      'jól',
    ]);
  });

  it('returns UTF-16 offsets whose slice is the word', () => {
    const line = '„Egy kávét kérek” – mondta Anna.';
    for (const token of tokenize(line)) {
      expect(line.slice(token.start, token.end)).toBe(token.text);
    }
    expect(tokenize(line).map((t) => [t.position, t.start, t.end])).toEqual([
      [0, 1, 4],
      [1, 5, 10],
      [2, 11, 16],
      [3, 20, 26],
      [4, 27, 31],
    ]);
  });

  it('keeps inner hyphens and apostrophes but not those at the edges', () => {
    expect(words('A Duna-part szép, -ban -ben')).toEqual(['A', 'Duna-part', 'szép', 'ban', 'ben']);
    expect(words("Az 'ő' szava, l'ami d’Artagnan")).toEqual([
      'Az',
      'ő',
      'szava',
      "l'ami",
      'd’Artagnan',
    ]);
  });

  it('returns numbers as words, with their inner separators and suffixes', () => {
    expect(words('Ez 1.500 forint, 3,5 kiló, 10:30-kor, 12-én.')).toEqual([
      'Ez',
      '1.500',
      'forint',
      '3,5',
      'kiló',
      '10:30-kor',
      '12-én',
    ]);
    expect(words('Május 1. van.')).toEqual(['Május', '1', 'van']);
  });

  it('returns names as written', () => {
    expect(words('Szabó Éva és Bence Kovács-Nagy, az O’Brien család')).toEqual([
      'Szabó',
      'Éva',
      'és',
      'Bence',
      'Kovács-Nagy',
      'az',
      'O’Brien',
      'család',
    ]);
  });

  it('returns NFC words with offsets into the NFC text for decomposed input', () => {
    const nfd = 'Kőszívű ember, őszintén.'.normalize('NFD');
    const tokens = tokenize(nfd);
    expect(tokens.map((t) => t.text)).toEqual(['Kőszívű', 'ember', 'őszintén']);
    expect(tokens.every((t) => t.text === t.text.normalize('NFC'))).toBe(true);
    expect(tokens[1]).toMatchObject({ start: 8, end: 13 });
  });

  it('keeps combining marks that have no precomposed form with their letter', () => {
    // q + combining dot below has no NFC composition: the mark stays inside the word.
    const text = 'aq\u0323b c';
    expect(words(text)).toEqual(['aq\u0323b', 'c']);
  });

  it('returns no words for punctuation, dashes and empty text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' – … ?! "" ')).toEqual([]);
  });
});
