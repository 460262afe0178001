import type { GrammarNote } from '@magyarul/core/grammar';
import { morphologyFromReadings, proposeTokens } from '@magyarul/core/tokens';
import { describe, expect, it } from 'vitest';
import { ANALYSER_DICTIONARY } from '../../../../test/support/dictionary.ts';
import { createSpellChecker } from './spell-checker.ts';

const threaded = () =>
  createSpellChecker(
    { url: new URL('./spell-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
    ANALYSER_DICTIONARY,
  );

describe('the studio’s spell checker', () => {
  it('returns the same misspellings from its worker thread as in this thread', async () => {
    const texts = ['Jó napot! Mit kér a kávézo?', 'Egy kávét kérek.'];
    const here = await createSpellChecker(undefined, ANALYSER_DICTIONARY).check(texts);
    const thread = threaded();
    try {
      const there = await thread.check(texts);
      expect(there).toEqual(here);
      expect(there[0]?.map((m) => m.word)).toEqual(['kávézo']);
      expect(there[1]).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('returns hunspell’s readings from its thread: dictionary forms and endings of the words', async () => {
    const thread = threaded();
    try {
      const words = ['megyünk', 'önöket', 'elmentünk', 'boltba', 'xqzw'];
      const readings = await thread.analyse(words);
      expect(Object.keys(readings)).toEqual(words);
      expect(readings['megyünk']).toEqual([' st:megy po:vrb is:PRES_INDIC_INDEF_PL_1']);
      expect(readings['xqzw']).toEqual([]);
      // As a proposal reads them (core's morphologyFromReadings), with no lesson words at all.
      const morphology = morphologyFromReadings(new Map(Object.entries(readings)));
      const proposed = proposeTokens(words.join(' '), { vocabulary: [], glossary: [], morphology });
      const read = (lemma: string, ...notes: GrammarNote[]) => ({ lemma, grammarNotes: notes });
      expect(proposed.map((p) => ({ lemma: p.lemma, grammarNotes: p.grammarNotes }))).toEqual([
        read('megy', 'first_person_plural'),
        read('ön', 'plural', 'accusative', 'formal_you'),
        read('elmegy', 'verbal_prefix', 'first_person_plural', 'past'),
        read('bolt', 'illative'),
        read('xqzw'),
      ]);
      // The same readings in this thread (the command line, tests), and NFD asked as NFC.
      const here = createSpellChecker(undefined, ANALYSER_DICTIONARY);
      expect(await here.analyse(['megyünk'.normalize('NFD')])).toEqual({
        megyünk: readings['megyünk'],
      });
    } finally {
      await thread.close();
    }
  });

  it('fails an analyse request when the dictionary is not there, and checks spelling still', async () => {
    const thread = createSpellChecker(
      { url: new URL('./spell-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
      '/nonexistent/hu_HU',
    );
    try {
      await expect(thread.analyse(['megyünk'])).rejects.toThrow(/ENOENT/);
      expect((await thread.check(['Egy kávét kérek.']))[0]).toEqual([]);
    } finally {
      await thread.close();
    }
  });
});
