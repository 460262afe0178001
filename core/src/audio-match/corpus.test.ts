import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchAudioFiles } from './match.ts';

// Hostile file names, stored with \u escapes so the NFD forms survive editors and git tools.
type Corpus = {
  words: string[];
  cases: { file: string; word: string | null; level: string | null; note: string }[];
};
const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/file-names.json', import.meta.url), 'utf8'),
) as Corpus;

describe('audio matching on the hostile file-name corpus', () => {
  const words = corpus.words.map((word_hu, i) => ({ id: `w${i}`, word_hu }));
  const files = corpus.cases.map((c) => ({ name: c.file }));
  const result = matchAudioFiles(words, files);

  it('returns a corpus that really contains NFD names', () => {
    expect(corpus.cases.some((c) => c.file !== c.file.normalize('NFC'))).toBe(true);
  });

  it.each(corpus.cases.map((c) => [c.note, c] as const))(
    'returns the expected word: %s',
    (_, c) => {
      const pair = result.matched.find((p) => p.file.name === c.file);
      expect(pair?.word.word_hu ?? null).toBe(c.word);
      expect(pair?.level ?? null).toBe(c.level);
    },
  );

  it('returns every word with a file except the ones whose files are broken', () => {
    expect(result.unmatchedWords.map((w) => w.word_hu)).toEqual(['tűzoltóautó', 'fő']);
    expect(result.ambiguities).toEqual([]);
  });
});
