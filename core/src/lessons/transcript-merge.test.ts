import { describe, expect, it } from 'vitest';
import { parseTranscriptEditorText, transcriptToEditorText } from '../csv/editor-text.ts';
import {
  alignLines,
  mergeIncomingLines,
  textSimilarity,
  type EditorLine,
} from './transcript-merge.ts';

function line(
  id: string,
  speaker: string,
  text: string,
  start: number | null,
  end: number | null,
  translations: Partial<EditorLine> = {},
): EditorLine {
  return {
    key: id,
    id,
    speaker,
    text_content: text,
    start_time: start,
    end_time: end,
    translation_en: null,
    translation_de: null,
    translation_es: null,
    ...translations,
  };
}

// Seed lesson 2's opening, with its studio timings.
const base: EditorLine[] = [
  line('a', 'narrator', 'Anna és Bence a kávézóban.', 0.4, 4.8, {
    translation_en: 'Anna and Bence at the café.',
  }),
  line('b', 'anna', 'Szia, Bence! Hogy vagy?', 5.5, 8.33, {
    translation_de: 'Hallo, Bence! Wie geht es dir?',
  }),
  line('c', 'bence', 'Köszönöm, jól vagyok. És te?', 9.03, 12.55),
  line('d', 'anna', 'Én is jól vagyok.', 13.25, 15.36),
];

let counter = 0;
const newKey = () => `new-${++counter}`;

/** The text view round trip: the editor text, edited, parsed back and merged. */
function editText(lines: readonly EditorLine[], edit: (text: string) => string): EditorLine[] {
  const parsed = parseTranscriptEditorText(edit(transcriptToEditorText(lines)));
  return mergeIncomingLines(lines, parsed.items, newKey);
}

const times = (lines: readonly EditorLine[]) => lines.map((l) => [l.id, l.start_time, l.end_time]);

describe('transcript merge', () => {
  it('returns every line exactly as it was when the text is not edited', () => {
    expect(editText(base, (text) => text)).toEqual(base);
  });

  it('returns an edited line with its own id, times and translations', () => {
    const merged = editText(base, (text) => text.replace('Hogy vagy?', 'Hogy vagy ma?'));
    expect(merged[1]).toEqual({ ...base[1], text_content: 'Szia, Bence! Hogy vagy ma?' });
    expect(times(merged)).toEqual(times(base));
  });

  it('returns a line whose speaker changed with its times kept', () => {
    const merged = editText(base, (text) => text.replace('BENCE: Köszönöm', 'ANNA: Köszönöm'));
    expect(merged[2]).toEqual({ ...base[2], speaker: 'anna' });
  });

  it('returns an inserted line untimed and every other line with its times', () => {
    const merged = editText(base, (text) =>
      text.replace('ANNA: Én is', 'BENCE: Remek, örülök!\nANNA: Én is'),
    );
    expect(times(merged)).toEqual([
      ['a', 0.4, 4.8],
      ['b', 5.5, 8.33],
      ['c', 9.03, 12.55],
      [null, null, null],
      ['d', 13.25, 15.36],
    ]);
    expect(merged[3]?.key).toMatch(/^new-/);
  });

  it('returns the rest timed when a line is deleted', () => {
    const merged = editText(base, (text) =>
      text
        .split('\n')
        .filter((l) => !l.startsWith('BENCE'))
        .join('\n'),
    );
    expect(times(merged)).toEqual([
      ['a', 0.4, 4.8],
      ['b', 5.5, 8.33],
      ['d', 13.25, 15.36],
    ]);
  });

  it('returns a split line: the part most like the old line keeps its times', () => {
    const merged = editText(base, (text) =>
      text.replace(
        'BENCE: Köszönöm, jól vagyok. És te?',
        'BENCE: Köszönöm, jól vagyok.\nBENCE: És te?',
      ),
    );
    expect(times(merged)).toEqual([
      ['a', 0.4, 4.8],
      ['b', 5.5, 8.33],
      ['c', 9.03, 12.55],
      [null, null, null],
      ['d', 13.25, 15.36],
    ]);
  });

  it('returns moved lines with their own times (anchored by their unchanged text)', () => {
    const [a, b, c, d] = base;
    const incoming = [a, c, b, d].map((l) => ({
      speaker: l?.speaker ?? '',
      text_content: l?.text_content ?? '',
    }));
    const merged = mergeIncomingLines(base, incoming, newKey);
    expect(times(merged)).toEqual([
      ['a', 0.4, 4.8],
      ['c', 9.03, 12.55],
      ['b', 5.5, 8.33],
      ['d', 13.25, 15.36],
    ]);
  });

  it('returns translations from the source when it has them, the old ones otherwise', () => {
    const merged = mergeIncomingLines(
      base,
      [
        {
          speaker: 'narrator',
          text_content: 'Anna és Bence a kávézóban.',
          translation_es: 'Anna y Bence en el café.',
        },
        { speaker: 'anna', text_content: 'Szia, Bence! Hogy vagy?', translation_de: null },
      ],
      newKey,
    );
    expect(merged[0]).toMatchObject({
      translation_en: 'Anna and Bence at the café.',
      translation_es: 'Anna y Bence en el café.',
      start_time: 0.4,
    });
    expect(merged[1]).toMatchObject({ translation_de: null, start_time: 5.5, end_time: 8.33 });
  });

  it('returns the stored spelling for an unchanged text typed with other spacing', () => {
    const merged = mergeIncomingLines(
      base,
      [{ speaker: 'narrator', text_content: ' Anna és  Bence a kávézóban. ' }],
      newKey,
    );
    expect(merged[0]?.text_content).toBe('Anna és Bence a kávézóban.');
    expect(merged[0]?.id).toBe('a');
  });

  it('returns a whole new transcript of the same length paired line by line', () => {
    expect(alignLines(['a b c', 'd e f'], ['x', 'y'])).toEqual([0, 1]);
  });

  it('returns unrelated extra lines unpaired when the counts differ', () => {
    expect(
      alignLines(['Jó reggelt kívánok!'], ['Teljesen más.', 'Jó reggelt kívánok mindenkinek!']),
    ).toEqual([null, 0]);
  });

  it('returns text similarity from 0 to 1', () => {
    expect(textSimilarity('Szia!', 'szia!')).toBe(1);
    expect(textSimilarity('abc', 'xyz')).toBe(0);
    const s = textSimilarity('Köszönöm, jól vagyok. És te?', 'Köszönöm, jól vagyok.');
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(1);
  });

  it('returns a 120-line transcript merged in one pass', () => {
    const long = Array.from({ length: 120 }, (_, i) =>
      line(`id-${i}`, 'anna', `Ez a(z) ${i}. mondat a párbeszédben.`, i * 5, i * 5 + 4),
    );
    const merged = editText(long, (text) => text.replace('50. mondat', 'ötvenedik mondat'));
    expect(times(merged)).toEqual(times(long));
  });
});
