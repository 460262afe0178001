import { describe, expect, it } from 'vitest';
import { morphologyFromReadings } from '@magyarul/core/tokens';
import {
  relinkGlossary,
  textsToPropose,
  tokenPlan,
  tokensByLine,
  tokensEdited,
  wordTimesOf,
} from './line-tokens.ts';
import type { TokenRow } from './tokens-api.ts';

const token = (
  line_id: string,
  position: number,
  text: string,
  start: number | null,
  char_start = 0,
): TokenRow => ({
  id: `${line_id}-${position}`,
  line_id,
  position,
  char_start,
  char_end: char_start + text.length,
  text,
  lemma: text.toLowerCase(),
  grammar_notes: [],
  vocabulary_id: null,
  glossary_id: null,
  meaning_en: null,
  meaning_de: null,
  meaning_es: null,
  is_name: false,
  lesson_note_id: null,
  confirmed: true,
  start_time: start,
  end_time: start === null ? null : start + 0.3,
  slow_start_time: null,
  slow_end_time: null,
  natural_start_time: null,
  natural_end_time: null,
  created_at: '',
  updated_at: '',
});

const before = [
  { id: 'a', text_content: 'Jó napot!' },
  { id: 'b', text_content: 'Hogy van?' },
  { id: 'c', text_content: 'Köszönöm.' },
];
const stored = tokensByLine([
  token('a', 1, 'napot', 1.3, 3),
  token('a', 0, 'Jó', 1.0),
  token('b', 0, 'Hogy', 2.0),
  token('b', 1, 'van', 2.4, 5),
]);
const vocabulary = [{ id: 'v-kaveh', lemma: 'kávé' }];
const glossary = [{ id: 'g-van', lemma: 'van' }];
const lexicon = { vocabulary, glossary };
const NO_EDITS = new Map<string, TokenRow[]>();

describe('tokenPlan', () => {
  it('leaves lines whose text stays alone, word times and all', () => {
    const plan = tokenPlan(before, stored, NO_EDITS, before.slice(0, 2), lexicon);
    expect(plan).toEqual({ saves: [], droppedTimes: [] });
  });

  it('proposes tokens for a changed line and says its word times were dropped', () => {
    const after = [before[0]!, { id: 'b', text_content: 'Hogy vagy, kávé?' }];
    const plan = tokenPlan(before, stored, NO_EDITS, after, lexicon);
    expect(plan.droppedTimes).toEqual([2]);
    expect(plan.saves).toHaveLength(1);
    expect(plan.saves[0]).toMatchObject({ line_id: 'b', text_content: 'Hogy vagy, kávé?' });
    expect(
      plan.saves[0]?.tokens.map((t) => [t.text, t.lemma, t.vocabulary_id, t.confirmed]),
    ).toEqual([
      // The first word survives the change: it keeps what was set on it (confirmed).
      ['Hogy', 'hogy', null, true],
      ['vagy', 'vagy', null, false],
      ['kávé', 'kávé', 'v-kaveh', false],
    ]);
    expect(plan.saves[0]?.tokens.every((t) => t.start_time === undefined)).toBe(true);
  });

  it('proposes tokens for new lines and lines without any', () => {
    const after = [...before, { id: 'd', text_content: 'Van kávé?' }];
    const plan = tokenPlan(before, stored, NO_EDITS, after, lexicon);
    expect(plan.saves.map((s) => s.line_id)).toEqual(['c', 'd']);
    expect(plan.droppedTimes).toEqual([]);
    expect(plan.saves[1]?.tokens[0]).toMatchObject({ text: 'Van', glossary_id: 'g-van' });
  });

  it('asks the analyser about exactly the lines it proposes for, and proposes from its readings', () => {
    const after = [before[0]!, { id: 'b', text_content: 'Hogy vagytok?' }, before[2]!];
    expect(textsToPropose(before, stored, after)).toEqual(['Hogy vagytok?', 'Köszönöm.']);
    expect(textsToPropose(before, stored, after, false)).toEqual(['Hogy vagytok?']);
    // hunspell-hu's reading of vagytok, as the editor's thread answers it.
    const morphology = morphologyFromReadings(
      new Map([['vagytok', [' st:van po:vrb is:PRES_INDIC_INDEF_PL_2']]]),
    );
    const plan = tokenPlan(before, stored, NO_EDITS, after, { ...lexicon, morphology }, false);
    expect(plan.saves.map((s) => s.line_id)).toEqual(['b']);
    expect(plan.saves[0]?.tokens[1]).toMatchObject({
      text: 'vagytok',
      lemma: 'van',
      grammar_notes: ['second_person_plural'],
      glossary_id: 'g-van',
    });
  });
});

describe('tokenPlan with edited tokens', () => {
  const napot = stored.get('a')?.[1] as TokenRow;
  const edits = new Map([
    [
      'a',
      [
        stored.get('a')?.[0] as TokenRow,
        { ...napot, lemma: ' nap ', meaning_de: 'Tag', grammar_notes: ['accusative'] } as TokenRow,
      ],
    ],
  ]);

  it("saves an edited line's tokens with their word times, and nothing for unedited lines", () => {
    const plan = tokenPlan(before, stored, edits, before, lexicon, false);
    expect(plan.droppedTimes).toEqual([]);
    expect(plan.saves.map((s) => s.line_id)).toEqual(['a']);
    expect(plan.saves[0]?.tokens[1]).toMatchObject({
      text: 'napot',
      lemma: 'nap',
      meaning_de: 'Tag',
      meaning_en: null,
      grammar_notes: ['accusative'],
      start_time: 1.3,
      end_time: 1.6,
    });
    expect(plan.saves[0]?.tokens[1]).not.toHaveProperty('id');
  });

  it('writes nothing for edits that change nothing', () => {
    const same = new Map([['a', [...(stored.get('a') ?? [])]]]);
    expect(tokenPlan(before, stored, same, before, lexicon, false).saves).toEqual([]);
    expect(tokensEdited(stored.get('a'), same.get('a'))).toBe(false);
    expect(tokensEdited(stored.get('a'), edits.get('a'))).toBe(true);
  });

  it('keeps the edits of the words that survive a text change, without times', () => {
    const after = [{ id: 'a', text_content: 'Szép napot!' }, before[1]!];
    const plan = tokenPlan(before, stored, edits, after, lexicon, false);
    expect(plan.droppedTimes).toEqual([1]);
    const tokens = plan.saves[0]?.tokens ?? [];
    expect(tokens.map((t) => [t.text, t.lemma, t.meaning_de ?? null])).toEqual([
      ['Szép', 'szép', null],
      ['napot', 'nap', 'Tag'],
    ]);
    expect(tokens[1]).toMatchObject({ char_start: 5, char_end: 10 });
    expect(tokens[1]).not.toHaveProperty('start_time');
  });
});

describe('wordTimesOf', () => {
  it('lists the words with their times, or nothing for a line without times', () => {
    expect(wordTimesOf(stored.get('a'))).toEqual([
      { text: 'Jó', start: 1.0, end: 1.3 },
      { text: 'napot', start: 1.3, end: 1.6 },
    ]);
    expect(wordTimesOf([token('x', 0, 'Szia', null)])).toEqual([]);
    expect(wordTimesOf(undefined)).toEqual([]);
  });
});

describe('relinkGlossary', () => {
  const linked = { ...token('b', 1, 'van', 2.4, 5), glossary_id: 'g-van' };
  const read = new Map([['b', [token('b', 0, 'Hogy', 2.0), linked]]]);
  const entries = [
    { id: 'g-van', lemma: 'van' },
    { id: 'g-lenni', lemma: 'lenni' },
  ];

  it("links a word whose dictionary form changed to that form's entry, or to none", () => {
    const edits = new Map([
      [
        'b',
        [
          { ...token('b', 0, 'Hogy', 2.0), lemma: 'hogyan' },
          { ...linked, lemma: 'lenni' },
        ],
      ],
    ]);
    const relinked = relinkGlossary(read, edits, entries).get('b') ?? [];
    expect(relinked.map((t) => [t.lemma, t.glossary_id])).toEqual([
      ['hogyan', null],
      ['lenni', 'g-lenni'],
    ]);
  });

  it('gives a word back its link as read when its form is the one read again', () => {
    const edits = new Map([['b', [token('b', 0, 'Hogy', 2.0), { ...linked, glossary_id: null }]]]);
    expect(relinkGlossary(read, edits, entries).get('b')?.[1]?.glossary_id).toBe('g-van');
  });
});
