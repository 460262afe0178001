import { describe, expect, it } from 'vitest';
import {
  carryTokenFields,
  glossaryLinkOf,
  normaliseTokenFields,
  survivingTokens,
  tokenEditIssues,
  type TokenFields,
} from './edit.ts';

const fields = (lemma: string, more: Partial<TokenFields> = {}): TokenFields => ({
  lemma,
  grammar_notes: [],
  vocabulary_id: null,
  glossary_id: null,
  meaning_en: null,
  meaning_de: null,
  meaning_es: null,
  is_name: false,
  lesson_note_id: null,
  confirmed: false,
  ...more,
});
const words = (text: string) => text.split(' ').map((w) => ({ text: w }));
const texts = (found: readonly ({ text: string } | undefined)[]) => found.map((f) => f?.text);

describe('survivingTokens', () => {
  it('keeps the words before and after a replaced word', () => {
    const old = words('Jó napot kívánok Anna');
    expect(texts(survivingTokens(old, words('Jó estét kívánok Anna')))).toEqual([
      'Jó',
      undefined,
      'kívánok',
      'Anna',
    ]);
    // Each continued word is the old one at its place (not another with the same text).
    const found = survivingTokens(old, words('Jó estét kívánok Anna'));
    expect(found[3]).toBe(old[3]);
  });

  it('keeps the words after an inserted word by their distance from the end', () => {
    const old = words('napot kívánok');
    const found = survivingTokens(old, words('Jó napot kívánok'));
    expect(found).toEqual([undefined, old[0], old[1]]);
  });

  it('continues no old word twice when a repeated word is added', () => {
    const old = words('igen igen');
    const found = survivingTokens(old, words('igen igen igen'));
    expect(found.filter(Boolean)).toHaveLength(2);
    expect(new Set(found.filter(Boolean)).size).toBe(2);
  });

  it('compares NFC, keeps accents and case apart', () => {
    const decomposed = [{ text: 'ka\u0301ve\u0301' }];
    expect(survivingTokens(decomposed, [{ text: 'kávé' }])[0]).toBe(decomposed[0]);
    expect(survivingTokens([{ text: 'kave' }], [{ text: 'kávé' }])[0]).toBeUndefined();
    expect(survivingTokens([{ text: 'Kávé' }], [{ text: 'kávé' }])[0]).toBeUndefined();
  });
});

describe('carryTokenFields', () => {
  it("gives continued words the author's fields and leaves new words as proposed", () => {
    const old = [
      { text: 'Jó', ...fields('jó', { confirmed: true, meaning_de: 'gut' }) },
      { text: 'napot', ...fields('nap', { grammar_notes: ['accusative'], confirmed: true }) },
    ];
    const next = [
      { text: 'Jó', position: 0, ...fields('jó') },
      { text: 'reggelt', position: 1, ...fields('reggel') },
    ];
    const carried = carryTokenFields(old, next);
    expect(carried[0]).toMatchObject({ position: 0, meaning_de: 'gut', confirmed: true });
    expect(carried[1]).toEqual(next[1]);
  });
});

describe('tokenEditIssues', () => {
  it('wants a dictionary form and keeps the columns’ limits', () => {
    expect(tokenEditIssues(fields('nap'))).toEqual([]);
    expect(tokenEditIssues(fields('  '))).toEqual([
      { field: 'lemma', key: 'tokenEdit.lemmaRequired' },
    ]);
    expect(tokenEditIssues(fields('a'.repeat(201)))[0]?.key).toBe('tokenEdit.tooLong');
    expect(tokenEditIssues(fields('nap', { meaning_es: 'x'.repeat(501) }))[0]?.field).toBe(
      'meaning_es',
    );
    const nine = [
      'accusative',
      'dative',
      'inessive',
      'illative',
      'elative',
      'superessive',
      'sublative',
      'delative',
      'adessive',
    ] as const;
    expect(tokenEditIssues(fields('nap', { grammar_notes: nine }))[0]?.key).toBe(
      'tokenEdit.tooManyNotes',
    );
  });
});

describe('normaliseTokenFields', () => {
  it('stores NFC, trimmed, an empty meaning as none and each note once', () => {
    const stored = normaliseTokenFields(
      fields(' ka\u0301ve\u0301 ', {
        meaning_en: '  ',
        meaning_de: ' Kaffee ',
        grammar_notes: ['plural', 'plural'],
      }),
    );
    expect(stored).toMatchObject({
      lemma: 'kávé',
      meaning_en: null,
      meaning_de: 'Kaffee',
      grammar_notes: ['plural'],
    });
  });
});

describe('glossaryLinkOf', () => {
  const glossary = [
    { id: 'g-kave', lemma: 'kávé' },
    { id: 'g-kavehaz', lemma: 'kávéház' },
    { id: 'g-kavehaz-2', lemma: 'kávéház' },
  ];
  const was = { lemma: 'kávé', glossary_id: 'g-kave' };

  it("links a changed dictionary form to that form's entry, the first of several", () => {
    expect(glossaryLinkOf('kávéház', was, glossary)).toBe('g-kavehaz');
    expect(glossaryLinkOf(' Kávéház'.normalize('NFD'), was, glossary)).toBe('g-kavehaz');
  });

  it('drops the link when no entry has the new form', () => {
    expect(glossaryLinkOf('kávézó', was, glossary)).toBeNull();
  });

  it('keeps the link it had while the form is the one it had, whatever that entry is', () => {
    expect(glossaryLinkOf('kávé', was, glossary)).toBe('g-kave');
    expect(glossaryLinkOf('van', { lemma: 'van', glossary_id: 'g-nincs' }, glossary)).toBe(
      'g-nincs',
    );
  });
});
