import { describe, expect, it } from 'vitest';
import { readAnalysis } from '../grammar/morphology.ts';
import type { Analysis } from '../grammar/morphology.ts';
import type { MorphologyPort } from './propose.ts';
import { proposeTokens } from './propose.ts';

const vocabulary = [
  { id: 'v-kave', lemma: 'kávé' },
  { id: 'v-ker', lemma: 'kér' },
  { id: 'v-van', lemma: 'van', forms: ['nincs'] },
  { id: 'v-kavezo', lemma: 'kávézó' },
];
const glossary = [
  { id: 'g-egy', lemma: 'egy' },
  { id: 'g-ön', lemma: 'ön' },
  { id: 'g-megy', lemma: 'megy' },
];

// What Debian's hunspell-hu says of these words (`hunspell -d hu_HU -m`).
const HUNSPELL: Record<string, readonly string[]> = {
  kávézóban: [
    'kávézóban  st:kávézik po:vrb ts:PRES_INDIC_INDEF_SG_3 ds:Ó_PRESPART_adj ts:NOM is:INE',
    'kávézóban  st:kávé po:noun ts:NOM ds:z_ACTION_vrb ds:Ó_PRESPART_adj ts:NOM is:INE',
  ],
  kérek: ['kérek  st:kér po:vrb ts:PRES_INDIC_INDEF_SG_3 is:PRES_INDIC_INDEF_SG_1'],
  Megyünk: ['megyünk  st:megy po:vrb is:PRES_INDIC_INDEF_PL_1'],
  Önöket: ['önöket  st:ön po:noun ts:NOM is:PLUR is:ACC'],
  Budapesten: ['Budapesten st:Budapest po:noun_prs ts:NOM is:SUE'],
};
const morphology: MorphologyPort = {
  analyse: (word) =>
    (HUNSPELL[word] ?? []).map((l) => readAnalysis(l)).filter((a): a is Analysis => a !== null),
};

describe('proposeTokens', () => {
  it('proposes dictionary forms, notes and links from the analyser and the lesson', () => {
    const tokens = proposeTokens('Egy kávét kérek a kávézóban.', {
      vocabulary,
      glossary,
      morphology,
    });
    expect(
      tokens.map((t) => [t.text, t.lemma, t.vocabularyId, t.glossaryId, t.grammarNotes]),
    ).toEqual([
      ['Egy', 'egy', null, 'g-egy', []],
      ['kávét', 'kávé', 'v-kave', null, ['accusative']],
      ['kérek', 'kér', 'v-ker', null, ['first_person_singular']],
      ['a', 'a', null, null, []],
      ['kávézóban', 'kávézó', 'v-kavezo', null, ['inessive']],
    ]);
  });

  it("takes the analyser's reading when no lesson word fits it", () => {
    const [megyunk, onoket] = proposeTokens('Megyünk. Önöket?', {
      vocabulary,
      glossary,
      morphology,
    });
    expect(megyunk).toMatchObject({
      lemma: 'megy',
      glossaryId: 'g-megy',
      grammarNotes: ['first_person_plural'],
    });
    expect(onoket).toMatchObject({
      lemma: 'ön',
      glossaryId: 'g-ön',
      grammarNotes: ['plural', 'accusative', 'formal_you'],
    });
  });

  it('guesses from known dictionary forms and common endings without an analyser', () => {
    const tokens = proposeTokens('A kávéban nincs kávéval, kérni.', { vocabulary, glossary });
    expect(tokens.map((t) => [t.lemma, t.grammarNotes, t.vocabularyId])).toEqual([
      ['a', [], null],
      ['kávé', ['inessive'], 'v-kave'],
      ['van', [], 'v-van'],
      ['kávé', ['instrumental'], 'v-kave'],
      ['kér', ['infinitive'], 'v-ker'],
    ]);
  });

  it('marks names and keeps numbers as written', () => {
    const tokens = proposeTokens('Anna 10:30-kor Budapesten van.', {
      vocabulary,
      glossary,
      morphology,
      names: ['Anna'],
    });
    expect(tokens.map((t) => [t.text, t.lemma, t.isName])).toEqual([
      ['Anna', 'Anna', true],
      ['10:30-kor', '10:30-kor', false],
      ['Budapesten', 'Budapest', true],
      ['van', 'van', false],
    ]);
    expect(tokens[2]?.grammarNotes).toEqual(['superessive']);
  });

  it('returns NFC text and offsets into the NFC line', () => {
    const [token] = proposeTokens('Kávét!'.normalize('NFD'), { vocabulary, glossary });
    expect(token).toMatchObject({
      text: 'Kávét',
      start: 0,
      end: 5,
      lemma: 'kávé',
      vocabularyId: 'v-kave',
    });
  });
});
