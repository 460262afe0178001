import type { LineInput, LinePatch, LineTimes, TranscriptLine } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { searchText } from './search-text.ts';
import { retextLineTokens } from './tokens-repo.ts';

type LineRow = {
  id: number;
  lesson_id: number;
  line_number: number;
  speaker: string;
  text: string;
  start_time: number | null;
  end_time: number | null;
  translation_en: string;
  translation_de: string;
  translation_es: string;
  timed_by_hand: number;
};

const toLine = (row: LineRow): TranscriptLine => ({
  id: row.id,
  lineNumber: row.line_number,
  speaker: row.speaker,
  text: row.text,
  startTime: row.start_time,
  endTime: row.end_time,
  translationEn: row.translation_en,
  translationDe: row.translation_de,
  translationEs: row.translation_es,
  timedByHand: row.timed_by_hand === 1,
});

export type NewLine = {
  readonly speaker: string;
  readonly text: string;
  readonly translationEn?: string;
  readonly translationDe?: string;
  readonly translationEs?: string;
};

/** Why `setLines` refused: an id that belongs to another lesson's line. */
export class ForeignLineError extends Error {
  constructor(readonly lineId: number) {
    super(`line ${lineId} belongs to another lesson`);
  }
}

const clean = (text: string): string => text.normalize('NFC').trim();
const cleanSpeaker = (speaker: string): string => clean(speaker).toLowerCase();

const HIGH_WATER = 'line_id_high_water';

/** A line's own columns, in the order `lineValues` gives their values (insert and update alike). */
const LINE_COLUMNS = [
  'speaker',
  'text',
  'text_search',
  'start_time',
  'end_time',
  'translation_en',
  'translation_de',
  'translation_es',
] as const;

const lineValues = (line: LineInput): (string | number | null)[] => {
  const text = clean(line.text);
  return [
    cleanSpeaker(line.speaker),
    text,
    searchText(text),
    line.startTime,
    line.endTime,
    clean(line.translationEn),
    clean(line.translationDe),
    clean(line.translationEs),
  ];
};

export function createLinesRepo(db: Db) {
  /**
   * A line id never handed out before. SQLite would reuse the id of a deleted last row; the
   * editor's undo brings a deleted line back with its id, so ids must not be reused.
   */
  const allocateId = (): number => {
    const stored = db.first<{ value: string }>('SELECT value FROM settings WHERE key = ?', [
      HIGH_WATER,
    ]);
    const max = db.first<{ max: number | null }>('SELECT max(id) AS max FROM transcript_lines');
    const id = Math.max(Number(stored?.value ?? 0), max?.max ?? 0) + 1;
    db.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [HIGH_WATER, String(id)],
    );
    return id;
  };

  const insert = (lessonId: number, lineNumber: number, line: LineInput, id: number): void => {
    db.run(
      `INSERT INTO transcript_lines (id, lesson_id, line_number, ${LINE_COLUMNS.join(', ')})
       VALUES (?, ?, ?, ${LINE_COLUMNS.map(() => '?').join(', ')})`,
      [id, lessonId, lineNumber, ...lineValues(line)],
    );
  };

  const listForLesson = (lessonId: number): TranscriptLine[] =>
    db
      .all<LineRow>('SELECT * FROM transcript_lines WHERE lesson_id = ? ORDER BY line_number', [
        lessonId,
      ])
      .map(toLine);

  return {
    replaceForLesson(lessonId: number, lines: readonly NewLine[]): void {
      db.run('DELETE FROM transcript_lines WHERE lesson_id = ?', [lessonId]);
      lines.forEach((line, index) => {
        insert(
          lessonId,
          index + 1,
          {
            id: null,
            speaker: line.speaker,
            text: line.text,
            startTime: null,
            endTime: null,
            translationEn: line.translationEn ?? '',
            translationDe: line.translationDe ?? '',
            translationEs: line.translationEs ?? '',
          },
          allocateId(),
        );
      });
    },

    listForLesson,

    lessonOf(lineId: number): number | undefined {
      return db.first<{ lesson_id: number }>(
        'SELECT lesson_id FROM transcript_lines WHERE id = ?',
        [lineId],
      )?.lesson_id;
    },

    update(lineId: number, patch: LinePatch): TranscriptLine | undefined {
      const row = db.first<LineRow>('SELECT * FROM transcript_lines WHERE id = ?', [lineId]);
      if (!row) return undefined;
      const text = patch.text === undefined ? row.text : clean(patch.text);
      // Word rows hold offsets into the text: a new text makes them wrong, so they go.
      if (text !== row.text) retextLineTokens(db, lineId, text);
      const keep = <T>(value: T | undefined, current: T): T =>
        value === undefined ? current : value;
      db.run(
        `UPDATE transcript_lines SET speaker = ?, text = ?, text_search = ?, start_time = ?,
           end_time = ?, translation_en = ?, translation_de = ?, translation_es = ? WHERE id = ?`,
        [
          patch.speaker === undefined ? row.speaker : cleanSpeaker(patch.speaker),
          text,
          searchText(text),
          keep(patch.startTime, row.start_time),
          keep(patch.endTime, row.end_time),
          patch.translationEn === undefined ? row.translation_en : clean(patch.translationEn),
          patch.translationDe === undefined ? row.translation_de : clean(patch.translationDe),
          patch.translationEs === undefined ? row.translation_es : clean(patch.translationEs),
          lineId,
        ],
      );
      const updated = db.first<LineRow>('SELECT * FROM transcript_lines WHERE id = ?', [lineId]);
      return updated && toLine(updated);
    },

    /**
     * Sets the times of several lines of one lesson, and whether the author set them by hand;
     * lines of other lessons are not touched.
     */
    setTimes(lessonId: number, times: readonly LineTimes[]): number {
      let changed = 0;
      for (const time of times) {
        changed += db.run(
          `UPDATE transcript_lines SET start_time = ?, end_time = ?, timed_by_hand = ?
           WHERE id = ? AND lesson_id = ?`,
          [time.startTime, time.endTime, time.byHand ? 1 : 0, time.id, lessonId],
        ).changes;
      }
      return changed;
    },

    /**
     * Makes the lesson's transcript exactly `lines`, in order (call inside a transaction): lines
     * not listed are deleted, listed ones updated in place, new ones (id null) added, and a
     * deleted line listed with its old id comes back with it. An id of another lesson's line is
     * refused before anything changes.
     */
    setLines(lessonId: number, lines: readonly LineInput[]): TranscriptLine[] {
      const ids = lines.flatMap((line) => (line.id === null ? [] : [line.id]));
      if (new Set(ids).size !== ids.length) {
        const repeated = ids.find((id, i) => ids.indexOf(id) !== i) ?? 0;
        throw new ForeignLineError(repeated);
      }
      for (const id of ids) {
        const owner = db.first<{ lesson_id: number }>(
          'SELECT lesson_id FROM transcript_lines WHERE id = ?',
          [id],
        );
        if (owner && owner.lesson_id !== lessonId) throw new ForeignLineError(id);
      }
      const keep = new Set(ids);
      for (const line of listForLesson(lessonId)) {
        if (!keep.has(line.id)) db.run('DELETE FROM transcript_lines WHERE id = ?', [line.id]);
      }
      // Out of the way of UNIQUE (lesson_id, line_number) while lines change places.
      db.run('UPDATE transcript_lines SET line_number = -id WHERE lesson_id = ?', [lessonId]);
      lines.forEach((line, index) => {
        const exists =
          line.id !== null &&
          db.first<{ id: number }>('SELECT id FROM transcript_lines WHERE id = ?', [line.id]);
        if (line.id !== null && exists) {
          const before = db.first<{ text: string }>(
            'SELECT text FROM transcript_lines WHERE id = ?',
            [line.id],
          );
          if (before && before.text !== clean(line.text)) {
            retextLineTokens(db, line.id, clean(line.text));
          }
          db.run(
            `UPDATE transcript_lines SET line_number = ?,
               ${LINE_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`,
            [index + 1, ...lineValues(line), line.id],
          );
        } else {
          insert(lessonId, index + 1, line, line.id ?? allocateId());
        }
      });
      return listForLesson(lessonId);
    },
  };
}
