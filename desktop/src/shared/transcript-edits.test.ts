import { describe, expect, it } from 'vitest';
import type { LineInput } from './model.ts';
import {
  deleteLine,
  insertLineAfter,
  mergeWithNext,
  sentencesOf,
  splitLine,
} from './transcript-edits.ts';

const input = (id: number, text: string, start: number | null, end: number | null): LineInput => ({
  id,
  speaker: id % 2 ? 'anna' : 'bence',
  text,
  startTime: start,
  endTime: end,
  translationEn: `en ${id}`,
  translationDe: `de ${id}`,
  translationEs: '',
});
const lines = [
  input(1, 'Szia, Bence! Hogy vagy?', 0, 4),
  input(2, 'Jól, köszönöm.', 4.5, 6),
  input(3, 'És te?', null, null),
];

describe('transcript edits', () => {
  it('returns a new empty line after the given one, by the same speaker, untimed', () => {
    const next = insertLineAfter(lines, 2);
    expect(next.map((l) => l.id)).toEqual([1, 2, null, 3]);
    expect(next[2]).toMatchObject({ speaker: 'bence', text: '', startTime: null, endTime: null });
    expect(insertLineAfter(lines, null)[0]?.id).toBeNull();
    expect(insertLineAfter([], null)).toEqual([expect.objectContaining({ speaker: 'narrator' })]);
  });

  it('returns the list without the deleted line', () => {
    expect(deleteLine(lines, 2).map((l) => l.id)).toEqual([1, 3]);
  });

  it('returns a line split at the playhead: text at the nearest space, times at the playhead', () => {
    const split = splitLine(lines, 1, 2.1);
    expect(split?.map((l) => [l.id, l.text, l.startTime, l.endTime])).toEqual([
      [1, 'Szia, Bence!', 0, 2.1],
      [null, 'Hogy vagy?', 2.1, 4],
      [2, 'Jól, köszönöm.', 4.5, 6],
      [3, 'És te?', null, null],
    ]);
    // One sentence of translation for two of text: it stays with the first part.
    expect(split?.[0]).toMatchObject({ translationEn: 'en 1' });
    expect(split?.[1]).toMatchObject({ speaker: 'anna', translationEn: '' });
  });

  it('returns translations split by their sentences when the cut ends a sentence of the text', () => {
    const line = {
      ...input(1, 'Jó napot! Mit kér? Egy kávét.', 0, 6),
      translationEn: 'Good day! What would you like? A coffee.',
      translationDe: 'Guten Tag! Was möchten Sie? Einen Kaffee.',
      // Two sentences for three: which goes where cannot be told, so it stays whole.
      translationEs: '¡Buenos días! ¿Qué desea, un café?',
    };
    const split = splitLine([line], 1, 2, 'Jó napot! Mit kér?'.length);
    expect(split?.map((l) => [l.text, l.translationEn, l.translationDe])).toEqual([
      ['Jó napot! Mit kér?', 'Good day! What would you like?', 'Guten Tag! Was möchten Sie?'],
      ['Egy kávét.', 'A coffee.', 'Einen Kaffee.'],
    ]);
    expect(split?.[0]?.translationEs).toBe('¡Buenos días! ¿Qué desea, un café?');
    expect(split?.[1]?.translationEs).toBe('');
    // A cut inside a sentence leaves every translation on the first part.
    const inside = splitLine([line], 1, 1, 'Jó napot! Mit'.length);
    expect(inside?.map((l) => l.translationEn)).toEqual([line.translationEn, '']);
  });

  it('returns the sentences of a text, quotes and ellipses kept with theirs', () => {
    expect(sentencesOf('„Szia!” Hogy vagy… jól? Igen')).toEqual([
      '„Szia!”',
      'Hogy vagy…',
      'jól?',
      'Igen',
    ]);
  });

  it('returns the text cut at the caret when one is given', () => {
    expect(
      splitLine(lines, 1, 1, 5)
        ?.slice(0, 2)
        .map((l) => l.text),
    ).toEqual(['Szia,', 'Bence! Hogy vagy?']);
  });

  it('returns null for a playhead outside the line or an untimed line', () => {
    expect(splitLine(lines, 1, 4.2)).toBeNull();
    expect(splitLine(lines, 1, 0)).toBeNull();
    expect(splitLine(lines, 3, 7)).toBeNull();
    expect(splitLine(lines, 99, 1)).toBeNull();
  });

  it('returns two lines merged into the first: texts and translations joined, the span of both', () => {
    const merged = mergeWithNext(lines, 1);
    expect(merged?.map((l) => l.id)).toEqual([1, 3]);
    expect(merged?.[0]).toMatchObject({
      text: 'Szia, Bence! Hogy vagy? Jól, köszönöm.',
      startTime: 0,
      endTime: 6,
      translationEn: 'en 1 en 2',
      translationEs: '',
    });
    expect(mergeWithNext(lines, 2)?.[1]).toMatchObject({ startTime: 4.5, endTime: 6 });
    expect(mergeWithNext(lines, 3)).toBeNull();
  });
});
