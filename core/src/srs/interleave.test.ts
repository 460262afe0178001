import { describe, expect, it } from 'vitest';
import { interleaveWords } from './interleave.ts';

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const kinds = (items: { kind: string }[]) =>
  items.map((i) => (i.kind === 'new' ? 'N' : 'R')).join('');

describe('interleaveWords', () => {
  it('returns 12 new and 8 review words spread through each other', () => {
    const result = interleaveWords(range('n', 30), range('r', 30));
    expect(result).toHaveLength(20);
    expect(kinds(result)).toBe('NRNRNNRNRNNRNRNNRNRN');
    expect(result.filter((i) => i.kind === 'new').map((i) => i.word)).toEqual(range('n', 12));
    expect(result.filter((i) => i.kind === 'review').map((i) => i.word)).toEqual(range('r', 8));
  });

  it('returns more review words when new words are short', () => {
    const result = interleaveWords(range('n', 3), range('r', 30));
    expect(result.filter((i) => i.kind === 'new')).toHaveLength(3);
    expect(result.filter((i) => i.kind === 'review')).toHaveLength(17);
  });

  it('returns more new words when review words are short', () => {
    const result = interleaveWords(range('n', 30), range('r', 2));
    expect(result.filter((i) => i.kind === 'new')).toHaveLength(18);
    expect(result.filter((i) => i.kind === 'review')).toHaveLength(2);
  });

  it('returns what exists when both sides are short, and honours custom counts', () => {
    expect(interleaveWords(range('n', 2), range('r', 1))).toHaveLength(3);
    expect(interleaveWords([], [])).toEqual([]);
    expect(
      kinds(interleaveWords(range('n', 5), range('r', 5), { newCount: 1, reviewCount: 1 })),
    ).toBe('NR');
  });
});
