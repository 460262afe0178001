import type { LineToken, LineTokens } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';

type TokenRow = {
  line_id: number;
  position: number;
  text: string;
  char_start: number;
  char_end: number;
  start_time: number | null;
  end_time: number | null;
  slow_start_time: number | null;
  slow_end_time: number | null;
  natural_start_time: number | null;
  natural_end_time: number | null;
};

const toToken = (row: TokenRow): LineToken => ({
  position: row.position,
  text: row.text,
  charStart: row.char_start,
  charEnd: row.char_end,
  times: {
    normal: { start: row.start_time, end: row.end_time },
    slow: { start: row.slow_start_time, end: row.slow_end_time },
    natural: { start: row.natural_start_time, end: row.natural_end_time },
  },
});

/** Why `set` refused: a token whose text is not the line's text at its offsets. */
export class StaleTokenError extends Error {
  constructor(readonly lineId: number) {
    super(`the words given for line ${lineId} do not match its text`);
  }
}

/** The words of transcript lines with their times (transcript_tokens). */
export function createTokensRepo(db: Db) {
  return {
    listForLesson(lessonId: number): LineTokens[] {
      const rows = db.all<TokenRow>(
        `SELECT t.* FROM transcript_tokens t JOIN transcript_lines l ON l.id = t.line_id
         WHERE l.lesson_id = ? ORDER BY l.line_number, t.position`,
        [lessonId],
      );
      const byLine = new Map<number, LineToken[]>();
      for (const row of rows) {
        const list = byLine.get(row.line_id) ?? [];
        list.push(toToken(row));
        byLine.set(row.line_id, list);
      }
      return [...byLine].map(([lineId, tokens]) => ({ lineId, tokens }));
    },

    /** Drops a line's words (its text changed: their offsets and times no longer hold). */
    clearLine(lineId: number): void {
      db.run('DELETE FROM transcript_tokens WHERE line_id = ?', [lineId]);
    },

    /**
     * Makes each listed line's words exactly `tokens` (call inside a transaction). Lines of other
     * lessons are ignored; a token whose text differs from the line's at its offsets is refused.
     */
    set(lessonId: number, lines: readonly LineTokens[]): void {
      for (const { lineId, tokens } of lines) {
        const line = db.first<{ text: string }>(
          'SELECT text FROM transcript_lines WHERE id = ? AND lesson_id = ?',
          [lineId, lessonId],
        );
        if (!line) continue;
        for (const token of tokens) {
          if (line.text.slice(token.charStart, token.charEnd) !== token.text) {
            throw new StaleTokenError(lineId);
          }
        }
        db.run('DELETE FROM transcript_tokens WHERE line_id = ?', [lineId]);
        for (const token of tokens) {
          const { normal, slow, natural } = token.times;
          db.run(
            `INSERT INTO transcript_tokens (line_id, position, text, char_start, char_end,
               start_time, end_time, slow_start_time, slow_end_time, natural_start_time,
               natural_end_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              lineId,
              token.position,
              token.text,
              token.charStart,
              token.charEnd,
              normal.start,
              normal.end,
              slow.start,
              slow.end,
              natural.start,
              natural.end,
            ],
          );
        }
      }
    },
  };
}
