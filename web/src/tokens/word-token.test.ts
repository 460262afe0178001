import { describe, expect, it } from 'vitest';
import { token } from './fixture.test-support.ts';
import { isKnown, keepable, tokenMeaning } from './word-token.ts';
import { withTokens } from './with-tokens.ts';

const word = { id: 'v1', word_en: 'coffee', word_de: 'Kaffee', word_es: null };
const glossary = { lemma: 'kér', meaning_en: 'to ask for', meaning_de: 'bitten', meaning_es: null };

describe('a word’s meaning', () => {
  it('is the token’s own, else its lesson word’s, else its glossary entry’s', () => {
    expect(tokenMeaning(token({ text: 'kávét', vocabulary_id: 'v1' }), word, 'de')).toEqual({
      text: 'Kaffee',
      language: 'de',
      fallback: false,
    });
    expect(
      tokenMeaning(
        token({ text: 'kávét', vocabulary_id: 'v1', meaning_de: 'den Kaffee' }),
        word,
        'de',
      )?.text,
    ).toBe('den Kaffee');
    expect(
      tokenMeaning(token({ text: 'kérek', glossary_id: 'g1', glossary }), undefined, 'de')?.text,
    ).toBe('bitten');
  });

  it('falls back to English, marked, as the flashcards do; a name has none', () => {
    expect(tokenMeaning(token({ text: 'kávét', vocabulary_id: 'v1' }), word, 'es')).toEqual({
      text: 'coffee',
      language: 'en',
      fallback: true,
    });
    expect(tokenMeaning(token({ text: 'Bence', is_name: true }), undefined, 'es')).toBeNull();
  });
});

describe('keeping and known words', () => {
  it('keeps a lesson word or a glossary entry, never a name or an unlinked word', () => {
    expect(keepable(token({ text: 'kávét', vocabulary_id: 'v1' }))).toBe(true);
    expect(keepable(token({ text: 'kérek', glossary_id: 'g1' }))).toBe(true);
    expect(keepable(token({ text: 'egy' }))).toBe(false);
    expect(keepable(token({ text: 'Anna', is_name: true, glossary_id: 'g9' }))).toBe(false);
  });

  it('knows a word by its lesson word or its glossary entry', () => {
    const known = { vocabulary: new Set(['v1']), glossary: new Set(['g1']) };
    expect(isKnown(token({ text: 'kávét', vocabulary_id: 'v1' }), known)).toBe(true);
    expect(isKnown(token({ text: 'kérek', glossary_id: 'g1' }), known)).toBe(true);
    expect(isKnown(token({ text: 'kérsz', glossary_id: 'g2' }), known)).toBe(false);
  });

  it('gives each line its own tokens in word order', () => {
    const lines = [{ id: 'l1' }, { id: 'l2' }, {}];
    const joined = withTokens(lines, [
      token({ text: 'b', line_id: 'l1', position: 1 }),
      token({ text: 'a', line_id: 'l1', position: 0 }),
      token({ text: 'c', line_id: 'l2', position: 0 }),
    ]);
    expect(joined.map((line) => line.tokens?.map((t) => t.text))).toEqual([
      ['a', 'b'],
      ['c'],
      undefined,
    ]);
  });
});
