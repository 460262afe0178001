import { describe, expect, it } from 'vitest';
import type { Speaker } from '@magyarul/core/enums';
import type { TranscriptRow } from './api.ts';
import {
  currentLines,
  draftIssues,
  emptyTranscriptState,
  textViewNotices,
  transcriptReducer,
  type TranscriptAction,
  type TranscriptEditorState,
} from './transcript-editor-state.ts';

function row(
  id: string,
  n: number,
  speaker: Speaker,
  text: string,
  start: number,
  end: number,
): TranscriptRow {
  return {
    id,
    lesson_id: 'lesson',
    line_number: n,
    speaker,
    text_content: text,
    start_time: start,
    end_time: end,
    slow_start_time: null,
    slow_end_time: null,
    natural_start_time: null,
    natural_end_time: null,
    character_key: null,
    translation_en: null,
    translation_de: `de ${n}`,
    translation_es: null,
    created_at: '2026-11-24T10:00:00.000000+00:00',
    updated_at: '2026-11-24T10:00:00.000000+00:00',
  };
}

const rows = [
  row('a', 1, 'narrator', 'Reggel van.', 0.4, 4.8),
  row('b', 2, 'anna', 'Szia, Bence!', 5.5, 8.33),
  row('c', 3, 'bence', 'Szia, Anna!', 9.03, 12.55),
];

const run = (...actions: TranscriptAction[]): TranscriptEditorState =>
  actions.reduce(
    transcriptReducer,
    transcriptReducer(emptyTranscriptState, { type: 'loaded', rows }),
  );

const times = (state: TranscriptEditorState) =>
  currentLines(state).map((l) => [l.id, l.start_time, l.end_time]);

describe('review transcript editor state', () => {
  it('returns the loaded rows as lines and as the text view', () => {
    const state = run();
    expect(times(state)).toEqual([
      ['a', 0.4, 4.8],
      ['b', 5.5, 8.33],
      ['c', 9.03, 12.55],
    ]);
    expect(state.text).toBe('NARRATOR: Reggel van.\nANNA: Szia, Bence!\nBENCE: Szia, Anna!');
  });

  it('returns a typed time applied while typing and kept as typed until the field is left', () => {
    const typing = run({ type: 'time', key: 'b', field: 'end', text: '8.' });
    expect(typing.drafts.b).toEqual({ end: '8.' });
    expect(currentLines(typing)[1]?.end_time).toBe(8);
    const done = transcriptReducer(
      transcriptReducer(typing, { type: 'time', key: 'b', field: 'end', text: '8.5' }),
      { type: 'time-done', key: 'b', field: 'end' },
    );
    expect(done.drafts).toEqual({});
    expect(currentLines(done)[1]?.end_time).toBe(8.5);
  });

  it('returns an unreadable time as a blocking issue, the stored time untouched', () => {
    const state = run(
      { type: 'time', key: 'c', field: 'start', text: 'kilenc' },
      { type: 'time-done', key: 'c', field: 'start' },
    );
    expect(currentLines(state)[2]?.start_time).toBe(9.03);
    expect(draftIssues(state).map((i) => [i.index, i.field, i.message])).toEqual([
      [
        2,
        'start',
        'Line 3: "kilenc" is not a time. Enter seconds (4.8) or minutes:seconds (1:04.8).',
      ],
    ]);
  });

  it('returns text-view edits merged into the lines it was opened on', () => {
    const state = run(
      { type: 'view', view: 'text' },
      {
        type: 'text',
        text: 'NARRATOR: Reggel van.\nANNA: Szia, Bence! Hogy vagy?\nno colon\nBENCE: Szia, Anna!',
      },
    );
    expect(times(state)).toEqual([
      ['a', 0.4, 4.8],
      ['b', 5.5, 8.33],
      ['c', 9.03, 12.55],
    ]);
    expect(currentLines(state)[1]?.translation_de).toBe('de 2');
    expect(textViewNotices(state).map((n) => n.message)).toEqual([
      'Line 3 skipped: expected "SPEAKER: text"',
    ]);
    const table = transcriptReducer(state, { type: 'view', view: 'table' });
    expect(table.lines[1]?.text_content).toBe('Szia, Bence! Hogy vagy?');
    expect(table.lines.map((l) => l.key)).toEqual(['a', 'b', 'c']);
  });

  it('returns a loaded file merged into whichever view is open, new lines untimed', () => {
    const state = run(
      { type: 'view', view: 'text' },
      {
        type: 'incoming',
        lines: [
          { speaker: 'narrator', text_content: 'Reggel van.', translation_en: 'Morning.' },
          { speaker: 'anna', text_content: 'Jó reggelt!' },
          { speaker: 'anna', text_content: 'Szia, Bence!' },
          { speaker: 'bence', text_content: 'Szia, Anna!' },
        ],
      },
    );
    expect(times(state)).toEqual([
      ['a', 0.4, 4.8],
      [null, null, null],
      ['b', 5.5, 8.33],
      ['c', 9.03, 12.55],
    ]);
    expect(currentLines(state)[0]?.translation_en).toBe('Morning.');
    expect(state.text.split('\n')).toHaveLength(4);
  });

  it('returns added and removed lines with unique keys', () => {
    const state = run(
      { type: 'add', after: 0 },
      { type: 'add', after: 3 },
      { type: 'remove', key: 'c' },
    );
    expect(state.lines.map((l) => [l.key, l.id, l.speaker])).toEqual([
      ['a', 'a', 'narrator'],
      ['new-1', null, 'narrator'],
      ['b', 'b', 'anna'],
      ['new-2', null, 'bence'],
    ]);
  });
});
