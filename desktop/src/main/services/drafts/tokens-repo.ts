import { survivingTokens, tokenize } from '@magyarul/core/tokens';
import type { LineToken, LineTokens, TokenEdit } from '../../../shared/model.ts';
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
  edit: string | null;
  edit_pending: number;
};

const toToken = (row: TokenRow): LineToken => ({
  ...(row.edit === null
    ? {}
    : { edit: JSON.parse(row.edit) as TokenEdit, editPending: row.edit_pending === 1 }),
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

/** An edit as stored: NFC, trimmed, an empty meaning none, each note once. */
function cleanEdit(edit: TokenEdit): TokenEdit {
  const meaning = (value: string | null) => {
    const text = (value ?? '').normalize('NFC').trim();
    return text === '' ? null : text;
  };
  return {
    lemma: edit.lemma.normalize('NFC').trim(),
    grammarNotes: [...new Set(edit.grammarNotes)],
    wordId: edit.wordId,
    meaningEn: meaning(edit.meaningEn),
    meaningDe: meaning(edit.meaningDe),
    meaningEs: meaning(edit.meaningEs),
    isName: edit.isName,
    confirmed: edit.confirmed,
  };
}

/**
 * A line's words after its text changed (DESIGN §12.3): without edits the rows go (their offsets
 * and times no longer hold); with edits, the new text's words come in without times and those
 * that survive the change (core's survivingTokens) keep their edits, still to be published.
 */
export function retextLineTokens(db: Db, lineId: number, text: string): void {
  const old = db.all<{ position: number; text: string; edit: string | null }>(
    'SELECT position, text, edit FROM transcript_tokens WHERE line_id = ? ORDER BY position',
    [lineId],
  );
  db.run('DELETE FROM transcript_tokens WHERE line_id = ?', [lineId]);
  if (!old.some((t) => t.edit !== null)) return;
  const next = tokenize(text.normalize('NFC'));
  const from = survivingTokens(old, next);
  next.forEach((token, i) => {
    const edit = from[i]?.edit ?? null;
    db.run(
      `INSERT INTO transcript_tokens (line_id, position, text, char_start, char_end, edit,
         edit_pending) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [lineId, token.position, token.text, token.start, token.end, edit, edit === null ? 0 : 1],
    );
  });
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
     * Sets what the author chose for one word (null: back to the proposal), to be sent by the
     * next publish. A line not aligned yet gets its words (core's tokenize) without times first.
     * False when the line or word is not there.
     */
    editToken(lineId: number, position: number, edit: TokenEdit | null): boolean {
      const line = db.first<{ text: string }>('SELECT text FROM transcript_lines WHERE id = ?', [
        lineId,
      ]);
      if (!line) return false;
      const has = db.first<{ n: number }>(
        'SELECT count(*) AS n FROM transcript_tokens WHERE line_id = ?',
        [lineId],
      );
      if ((has?.n ?? 0) === 0) {
        for (const token of tokenize(line.text.normalize('NFC'))) {
          db.run(
            `INSERT INTO transcript_tokens (line_id, position, text, char_start, char_end)
             VALUES (?, ?, ?, ?, ?)`,
            [lineId, token.position, token.text, token.start, token.end],
          );
        }
      }
      const changed = db.run(
        'UPDATE transcript_tokens SET edit = ?, edit_pending = ? WHERE line_id = ? AND position = ?',
        [
          edit === null ? null : JSON.stringify(cleanEdit(edit)),
          edit === null ? 0 : 1,
          lineId,
          position,
        ],
      );
      return changed.changes > 0;
    },

    /** The hash of a server line's words after the studio's last publish (token-sync.ts). */
    publishedHash(lessonId: number, remoteLineId: string): string | null {
      return (
        db.first<{ server_hash: string }>(
          'SELECT server_hash FROM published_token_lines WHERE lesson_id = ? AND remote_line_id = ?',
          [lessonId, remoteLineId],
        )?.server_hash ?? null
      );
    },

    /** The hashes of the server lines' words after a publish, in place of the ones before. */
    recordPublished(lessonId: number, hashes: ReadonlyMap<string, string>): void {
      db.run('DELETE FROM published_token_lines WHERE lesson_id = ?', [lessonId]);
      for (const [remoteLineId, hash] of hashes) {
        db.run(
          'INSERT INTO published_token_lines (lesson_id, remote_line_id, server_hash) VALUES (?, ?, ?)',
          [lessonId, remoteLineId, hash],
        );
      }
    },

    /** The lines' edits reached the server: the next publish sends them only if edited again. */
    markEditsSent(lineIds: readonly number[]): void {
      for (const lineId of lineIds) {
        db.run('UPDATE transcript_tokens SET edit_pending = 0 WHERE line_id = ?', [lineId]);
      }
    },

    /** The author kept the server's words of a line: the studio's pending edits of it go. */
    dropPendingEdits(lineId: number): void {
      db.run(
        'UPDATE transcript_tokens SET edit = NULL, edit_pending = 0 WHERE line_id = ? AND edit_pending = 1',
        [lineId],
      );
    },

    /**
     * Makes each listed line's words exactly `tokens` (call inside a transaction), keeping the
     * author's edit of each word that is still there (same position and text). Lines of other
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
        const edits = new Map(
          db
            .all<{ position: number; text: string; edit: string | null; edit_pending: number }>(
              'SELECT position, text, edit, edit_pending FROM transcript_tokens WHERE line_id = ?',
              [lineId],
            )
            .map((row) => [`${row.position}|${row.text}`, row]),
        );
        db.run('DELETE FROM transcript_tokens WHERE line_id = ?', [lineId]);
        for (const token of tokens) {
          const { normal, slow, natural } = token.times;
          const kept = edits.get(`${token.position}|${token.text}`);
          db.run(
            `INSERT INTO transcript_tokens (line_id, position, text, char_start, char_end,
               start_time, end_time, slow_start_time, slow_end_time, natural_start_time,
               natural_end_time, edit, edit_pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
              kept?.edit ?? null,
              kept?.edit_pending ?? 0,
            ],
          );
        }
      }
    },
  };
}
