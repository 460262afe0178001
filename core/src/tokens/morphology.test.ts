import { describe, expect, it } from 'vitest';
import { morphologyFromReadings, wordsToAnalyse } from './morphology.ts';
import { proposeTokens } from './propose.ts';

// What hunspell-wasm's analyzeWord answers with core/dictionaries/hu_HU (Debian's hunspell-hu),
// as measured; web/src/admin/morphology and the studio's thread ask it for real.
const READINGS = new Map<string, string[]>([
  ['Megyünk', [' st:megy po:vrb is:PRES_INDIC_INDEF_PL_1']],
  ['önöket', [' st:ön po:noun ts:NOM is:PLUR is:ACC']],
  ['kérek', [' st:kér po:vrb ts:PRES_INDIC_INDEF_SG_3 al:kéret is:PRES_INDIC_INDEF_SG_1']],
  ['házakban', [' st:ház po:noun ts:PLUR ts:NOM al:telt is:PLUR is:INE']],
  [
    'Elmentünk',
    [
      ' ip:PREF sp:el st:megy po:vrb is:PAST_INDIC_INDEF_PL_1',
      'ip:PREF sp:el  st:ment po:vrb ts:PRES_INDIC_INDEF_SG_3 al:mentet is:PRES_INDIC_INDEF_PL_1',
    ],
  ],
]);

describe('the analyser as a port', () => {
  it('asks about each word of the lines once, numbers aside, in NFC', () => {
    expect(wordsToAnalyse(['Megyünk, megyünk!', '3 házakban', 'Kérek.'.normalize('NFD')])).toEqual([
      'Megyünk',
      'megyünk',
      'házakban',
      'Kérek',
    ]);
  });

  it('proposes dictionary forms and endings from the readings, not from the lesson alone', () => {
    const morphology = morphologyFromReadings(READINGS);
    const proposed = proposeTokens('Megyünk, önöket kérek a házakban? Elmentünk.', {
      vocabulary: [{ id: 'v1', lemma: 'ház' }],
      glossary: [{ id: 'g1', lemma: 'megy' }],
      morphology,
    });
    expect(proposed.map((p) => [p.text, p.lemma, p.grammarNotes.join(' ')])).toEqual([
      ['Megyünk', 'megy', 'first_person_plural'],
      ['önöket', 'ön', 'plural accusative formal_you'],
      ['kérek', 'kér', 'first_person_singular'],
      ['a', 'a', ''],
      ['házakban', 'ház', 'plural inessive'],
      ['Elmentünk', 'elmegy', 'verbal_prefix first_person_plural past'],
    ]);
    expect(proposed[0]?.glossaryId).toBe('g1');
    expect(proposed[4]?.vocabularyId).toBe('v1');
    // Without the analyser: only what the lesson, the glossary and the common endings give.
    const plain = proposeTokens('Megyünk, önöket kérek', {
      vocabulary: [],
      glossary: [{ id: 'g1', lemma: 'megy' }],
    });
    expect(plain.map((p) => p.lemma)).toEqual(['megy', 'önöket', 'kérek']);
  });

  it("keeps the analyser's plain inflection over a longer known word with an ending", () => {
    // vagyok is van (1st person singular), not vagy ("or") + -ok, though both are known words.
    const morphology = morphologyFromReadings(
      new Map([
        ['vagyok', [' st:van po:vrb is:PRES_INDIC_INDEF_SG_1']],
        [
          'kávézóban',
          [
            ' st:kávé po:noun ts:NOM ds:z_ACTION_vrb ds:Ó_PRESPART_adj ts:NOM is:INE',
            ' st:kávézik po:vrb is:PRES_INDIC_INDEF_SG_3 ds:Ó_PRESPART_adj ts:NOM is:INE',
          ],
        ],
      ]),
    );
    const glossary = [
      { id: 'g-vagy', lemma: 'vagy' },
      { id: 'g-van', lemma: 'van' },
      { id: 'g-kavezo', lemma: 'kávézó' },
    ];
    const proposed = proposeTokens('vagyok kávézóban', { vocabulary: [], glossary, morphology });
    expect(proposed.map((p) => [p.lemma, p.glossaryId])).toEqual([
      ['van', 'g-van'],
      // A derivation the analyser reads gives way to the known longer word.
      ['kávézó', 'g-kavezo'],
    ]);
  });

  it('has no reading for a word it was not asked about', () => {
    expect(morphologyFromReadings(READINGS).analyse('alma')).toEqual([]);
  });
});
