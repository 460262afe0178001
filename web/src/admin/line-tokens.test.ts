import { describe, expect, it } from 'vitest';
import { tokenPlan, tokensByLine, wordTimesOf } from './line-tokens.ts';
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

describe('tokenPlan', () => {
  it('leaves lines whose text stays alone, word times and all', () => {
    const plan = tokenPlan(before, stored, before.slice(0, 2), vocabulary, glossary);
    expect(plan).toEqual({ saves: [], droppedTimes: [] });
  });

  it('proposes tokens for a changed line and says its word times were dropped', () => {
    const after = [before[0]!, { id: 'b', text_content: 'Hogy vagy, kávé?' }];
    const plan = tokenPlan(before, stored, after, vocabulary, glossary);
    expect(plan.droppedTimes).toEqual([2]);
    expect(plan.saves).toHaveLength(1);
    expect(plan.saves[0]).toMatchObject({ line_id: 'b', text_content: 'Hogy vagy, kávé?' });
    expect(
      plan.saves[0]?.tokens.map((t) => [t.text, t.lemma, t.vocabulary_id, t.confirmed]),
    ).toEqual([
      ['Hogy', 'hogy', null, false],
      ['vagy', 'vagy', null, false],
      ['kávé', 'kávé', 'v-kaveh', false],
    ]);
    expect(plan.saves[0]?.tokens.every((t) => t.start_time === undefined)).toBe(true);
  });

  it('proposes tokens for new lines and lines without any', () => {
    const after = [...before, { id: 'd', text_content: 'Van kávé?' }];
    const plan = tokenPlan(before, stored, after, vocabulary, glossary);
    expect(plan.saves.map((s) => s.line_id)).toEqual(['c', 'd']);
    expect(plan.droppedTimes).toEqual([]);
    expect(plan.saves[1]?.tokens[0]).toMatchObject({ text: 'Van', glossary_id: 'g-van' });
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
