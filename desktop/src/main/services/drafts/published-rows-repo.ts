import type { FieldValue, RowKind } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';

/** A row's server columns (only those the studio compares), by column name. */
export type RowFields = Readonly<Record<string, FieldValue>>;

/**
 * One server row as it stood after the studio's last publish: `server` is what the server then
 * had, `sent` what the draft had (in the server's form). They differ only where the author chose
 * to keep a server value the draft cannot hold (a recording uploaded on the web).
 */
export type BaseRow = {
  readonly remoteId: string;
  /** The draft's line or word; null for the lesson's own row, or once the draft's row is gone. */
  readonly localId: number | null;
  readonly sent: RowFields;
  readonly server: RowFields;
};

type Stored = { remote_id: string; local_id: number | null; sent: string; server: string };

export function createPublishedRowsRepo(db: Db) {
  return {
    list(lessonId: number, kind: RowKind): BaseRow[] {
      return db
        .all<Stored>(
          `SELECT remote_id, local_id, sent, server FROM published_rows
           WHERE lesson_id = ? AND kind = ? ORDER BY remote_id`,
          [lessonId, kind],
        )
        .map((row) => ({
          remoteId: row.remote_id,
          localId: row.local_id,
          sent: JSON.parse(row.sent) as RowFields,
          server: JSON.parse(row.server) as RowFields,
        }));
    },

    /** The record of one kind of row after a publish, in place of the one before. */
    replace(lessonId: number, kind: RowKind, rows: readonly BaseRow[]): void {
      db.transaction(() => {
        db.run('DELETE FROM published_rows WHERE lesson_id = ? AND kind = ?', [lessonId, kind]);
        for (const row of rows) {
          db.run(
            `INSERT INTO published_rows (lesson_id, kind, remote_id, local_id, sent, server)
             VALUES (?, ?, ?, ?, ?, ?)`,
            [
              lessonId,
              kind,
              row.remoteId,
              row.localId,
              JSON.stringify(row.sent),
              JSON.stringify(row.server),
            ],
          );
        }
      });
    },

    clear(lessonId: number): void {
      db.run('DELETE FROM published_rows WHERE lesson_id = ?', [lessonId]);
    },
  };
}
