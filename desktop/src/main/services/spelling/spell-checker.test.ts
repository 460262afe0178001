import { describe, expect, it } from 'vitest';
import { createSpellChecker } from './spell-checker.ts';

describe('the studio’s spell checker', () => {
  it('returns the same misspellings from its worker thread as in this thread', async () => {
    const texts = ['Jó napot! Mit kér a kávézo?', 'Egy kávét kérek.'];
    const here = await createSpellChecker(undefined).check(texts);
    const thread = createSpellChecker({
      url: new URL('./spell-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    });
    try {
      const there = await thread.check(texts);
      expect(there).toEqual(here);
      expect(there[0]?.map((m) => m.word)).toEqual(['kávézo']);
      expect(there[1]).toEqual([]);
    } finally {
      await thread.close();
    }
  });
});
