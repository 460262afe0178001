import { describe, expect, it } from 'vitest';
import { findTextProblem } from './text-quality.ts';

describe('text quality check', () => {
  it.each(['alma', 'őszibarack', 'GYŰRŰ', 'Åke', 'Ãrvíztűrő', 'São Paulo', ''])(
    'returns null for clean text %j',
    (text) => {
      expect(findTextProblem(text)).toBeNull();
    },
  );

  it.each([
    ['szõlõ', 'mojibake'],
    ['GYÛRÛ', 'mojibake'],
    ['szõlõ'.normalize('NFD'), 'mojibake'],
    ['Å‘szibarack', 'mojibake'],
    ['kÃ¶r', 'mojibake'],
    ['gyÅ±rÅ±', 'mojibake'],
    ['f\uFFFDz', 'not-utf8'],
  ])('returns a problem for %j', (text, kind) => {
    expect(findTextProblem(text)?.kind).toBe(kind);
  });

  it('returns a short sample around the problem', () => {
    expect(findTextProblem('a very long line with szõlõ inside it')?.sample).toBe('szõlõ');
  });
});
