import type { LinePatch, LineTimes, TranscriptLine } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { searchText } from './search-text.ts';

type LineRow = {
  id: number;
  lesson_id: number;
  line_number: number;
  speaker: string;
  text: string;
  start_time: number | null;
  end_time: number | null;
};

const toLine = (row: LineRow): TranscriptLine => ({
  id: row.id,
  lineNumber: row.line_number,
  speaker: row.speaker,
  text: row.text,
  startTime: row.start_time,
  endTime: row.end_time,
});

export type NewLine = { speaker: string; text: string };

export function createLinesRepo(db: Db) {
  return {
    replaceForLesson(lessonId: number, lines: readonly NewLine[]): void {
      db.run('DELETE FROM transcript_lines WHERE lesson_id = ?', [lessonId]);
      lines.forEach((line, index) => {
        db.run(
          `INSERT INTO transcript_lines (lesson_id, line_number, speaker, text, text_search)
           VALUES (?, ?, ?, ?, ?)`,
          [lessonId, index + 1, line.speaker, line.text, searchText(line.text)],
        );
      });
    },

    listForLesson(lessonId: number): TranscriptLine[] {
      return db
        .all<LineRow>('SELECT * FROM transcript_lines WHERE lesson_id = ? ORDER BY line_number', [
          lessonId,
        ])
        .map(toLine);
    },

    lessonOf(lineId: number): number | undefined {
      return db.first<{ lesson_id: number }>(
        'SELECT lesson_id FROM transcript_lines WHERE id = ?',
        [lineId],
      )?.lesson_id;
    },

    update(lineId: number, patch: LinePatch): TranscriptLine | undefined {
      const row = db.first<LineRow>('SELECT * FROM transcript_lines WHERE id = ?', [lineId]);
      if (!row) return undefined;
      const text = patch.text ?? row.text;
      db.run(
        `UPDATE transcript_lines SET speaker = ?, text = ?, text_search = ?, start_time = ?,
           end_time = ? WHERE id = ?`,
        [
          patch.speaker ?? row.speaker,
          text,
          searchText(text),
          patch.startTime === undefined ? row.start_time : patch.startTime,
          patch.endTime === undefined ? row.end_time : patch.endTime,
          lineId,
        ],
      );
      const updated = db.first<LineRow>('SELECT * FROM transcript_lines WHERE id = ?', [lineId]);
      return updated && toLine(updated);
    },

    /** Sets the times of several lines of one lesson; lines of other lessons are not touched. */
    setTimes(lessonId: number, times: readonly LineTimes[]): number {
      let changed = 0;
      for (const time of times) {
        changed += db.run(
          'UPDATE transcript_lines SET start_time = ?, end_time = ? WHERE id = ? AND lesson_id = ?',
          [time.startTime, time.endTime, time.id, lessonId],
        ).changes;
      }
      return changed;
    },
  };
}
export type LinesRepo = ReturnType<typeof createLinesRepo>;
