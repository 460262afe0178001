import { misspellings } from '@magyarul/core/spelling';
import { describe, expect, it } from 'vitest';
import { hungarianSpelling } from './hunspell-port.ts';

describe('Hungarian spelling with the dictionary the studio ships', () => {
  it('returns “kávézo” with “kávézó” suggested first, and inflected forms as correct', async () => {
    const port = await hungarianSpelling();
    expect(misspellings('Egy kávét kérek a kávézóban, tessék, szőlőt is.', port)).toEqual([]);
    const [found] = misspellings('Bence a kávézo előtt vár.', port);
    expect(found).toMatchObject({ word: 'kávézo', start: 8, end: 14 });
    expect(found?.suggestions[0]).toBe('kávézó');
  });
});
