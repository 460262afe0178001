import { describe, expect, it } from 'vitest';
import {
  checkTranscript,
  toEditorLines,
  transcriptSavePlan,
  type StoredTranscriptLine,
} from './transcript-save.ts';
import type { EditorLine } from './transcript-merge.ts';

const stored: StoredTranscriptLine[] = [
  {
    id: 'b',
    line_number: 2,
    speaker: 'anna',
    text_content: 'Szia, Bence!',
    start_time: 5.5,
    end_time: 8.33,
    translation_en: 'Hi, Bence! ',
    translation_de: null,
    translation_es: 'Hola, Bence.',
  },
  {
    id: 'a',
    line_number: 1,
    speaker: 'narrator',
    text_content: 'A kávézóban.',
    start_time: 0.4,
    end_time: 4.8,
    translation_en: null,
    translation_de: null,
    translation_es: null,
  },
];

describe('transcript save plan', () => {
  it('returns editor lines in line order, keyed by id', () => {
    expect(toEditorLines(stored).map((l) => [l.key, l.id, l.start_time])).toEqual([
      ['a', 'a', 0.4],
      ['b', 'b', 5.5],
    ]);
  });

  it('returns "unchanged" and the rows exactly as read when nothing was edited', () => {
    const plan = transcriptSavePlan(toEditorLines(stored), stored);
    expect(plan.changed).toBe(false);
    expect(plan.lines).toEqual([stored[1], stored[0]].map((row) => ({ ...row })));
    // The trailing space of a translation nobody touched goes back as read.
    expect(plan.lines[1]?.translation_en).toBe('Hi, Bence! ');
  });

  it('returns changed fields in stored form: NFC, trimmed, empty translation as null', () => {
    const lines = toEditorLines(stored).map((l): EditorLine =>
      l.id === 'b'
        ? {
            ...l,
            text_content: ' Szia, Bence!  Mi újság? '.normalize('NFD'),
            translation_es: '  ',
            end_time: 9,
          }
        : l,
    );
    const plan = transcriptSavePlan(lines, stored);
    expect(plan.changed).toBe(true);
    expect(plan.lines[1]).toEqual({
      ...stored[0],
      text_content: 'Szia, Bence!  Mi újság?',
      translation_es: null,
      end_time: 9,
    });
  });

  it('returns new lines without an id, renumbered from 1, the untimed one with the default', () => {
    const [a, b] = toEditorLines(stored);
    const added: EditorLine = {
      key: 'new-1',
      id: null,
      speaker: 'BENCE',
      text_content: 'Szia!',
      start_time: null,
      end_time: null,
      translation_en: 'Hi!',
      translation_de: null,
      translation_es: null,
    };
    const plan = transcriptSavePlan(
      [a, added, b].filter((l): l is EditorLine => l !== undefined),
      stored,
    );
    expect(plan.changed).toBe(true);
    expect(
      plan.lines.map((l) => [l.id, l.line_number, l.speaker, l.start_time, l.end_time]),
    ).toEqual([
      ['a', 1, 'narrator', 0.4, 4.8],
      [null, 2, 'bence', 5, 9],
      ['b', 3, 'anna', 5.5, 8.33],
    ]);
    expect(plan.timesTouched).toEqual([false, true, false]);
  });

  it('returns a stored untimed line untouched, and the default for it once it is edited', () => {
    const untimed = stored.map((row) => ({ ...row, start_time: null, end_time: null }));
    const plan = transcriptSavePlan(toEditorLines(untimed), untimed);
    expect(plan.changed).toBe(false);
    expect(plan.lines.map((l) => [l.start_time, l.end_time])).toEqual([
      [null, null],
      [null, null],
    ]);
    const edited = toEditorLines(untimed).map((l, i) =>
      i === 1 ? { ...l, text_content: 'Szia!' } : l,
    );
    expect(
      transcriptSavePlan(edited, untimed).lines.map((l) => [l.start_time, l.end_time]),
    ).toEqual([
      [null, null],
      [5, 9],
    ]);
  });

  it('returns the stored line numbers kept while the order stands (even 0-based ones)', () => {
    const zeroBased = stored.map((row) => ({ ...row, line_number: row.line_number - 1 }));
    const plan = transcriptSavePlan(toEditorLines(zeroBased), zeroBased);
    expect(plan.changed).toBe(false);
    expect(plan.lines.map((l) => l.line_number)).toEqual([0, 1]);
  });

  it('returns "changed" for a deleted line', () => {
    expect(transcriptSavePlan(toEditorLines(stored).slice(1), stored).changed).toBe(true);
  });

  it('returns the problems that stop a save: speaker, empty text, timing', () => {
    const lines = toEditorLines(stored).map((l, i): EditorLine =>
      i === 0 ? { ...l, speaker: 'peter', text_content: ' ' } : { ...l, start_time: 4 },
    );
    const issues = checkTranscript(lines, stored, 70);
    expect(issues.map((i) => [i.message, i.blocking])).toEqual([
      ["Line 1: Unknown speaker 'peter' (use NARRATOR, ANNA or BENCE)", true],
      ['Line 1: The text is empty.', true],
      ['Line 2 overlaps line 1: it starts at 0:04.00, before line 1 ends at 0:04.80.', true],
    ]);
  });

  it('returns a default time that collides with a neighbour as blocking', () => {
    const lines = toEditorLines(stored);
    const inserted: EditorLine = {
      ...(lines[0] as EditorLine),
      key: 'n',
      id: null,
      text_content: 'Új.',
    };
    const issues = checkTranscript(
      [lines[0], { ...inserted, start_time: null, end_time: null }, lines[1]].filter(
        (l): l is EditorLine => l !== undefined,
      ),
      stored,
      70,
    );
    expect(issues.map((i) => [i.message, i.blocking])).toEqual([
      ['Line 3 overlaps line 2: it starts at 0:05.50, before line 2 ends at 0:09.00.', true],
    ]);
  });

  it('returns old problems between lines nobody retimed as not blocking', () => {
    const late = stored.map((row) =>
      row.id === 'b' ? { ...row, start_time: 80, end_time: 84 } : row,
    );
    const edited = toEditorLines(late).map((l) =>
      l.id === 'b' ? { ...l, text_content: 'Szia!' } : l,
    );
    expect(checkTranscript(edited, late, 70).map((i) => [i.code, i.blocking])).toEqual([
      ['past-audio', false],
    ]);
    const retimed = edited.map((l) => (l.id === 'b' ? { ...l, end_time: 85 } : l));
    expect(checkTranscript(retimed, late, 70).map((i) => [i.code, i.blocking])).toEqual([
      ['past-audio', true],
    ]);
  });
});
