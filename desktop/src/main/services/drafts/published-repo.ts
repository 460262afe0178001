import type { Db } from '../db/database.ts';

/** What reached the server: one row per published item with the content hash it had. */
export type PublishedItem = { item: string; contentHash: string; remoteRef: string };

export function createPublishedRepo(db: Db, now: () => Date = () => new Date()) {
  return {
    get(lessonId: number, item: string): PublishedItem | undefined {
      return db.first<PublishedItem>(
        `SELECT item, content_hash AS contentHash, remote_ref AS remoteRef FROM published_items
         WHERE lesson_id = ? AND item = ?`,
        [lessonId, item],
      );
    },

    put(lessonId: number, item: PublishedItem): void {
      db.run(
        `INSERT INTO published_items (lesson_id, item, content_hash, remote_ref, published_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (lesson_id, item) DO UPDATE SET content_hash = excluded.content_hash,
           remote_ref = excluded.remote_ref, published_at = excluded.published_at`,
        [lessonId, item.item, item.contentHash, item.remoteRef, now().toISOString()],
      );
    },

    remove(lessonId: number, item: string): void {
      db.run('DELETE FROM published_items WHERE lesson_id = ? AND item = ?', [lessonId, item]);
    },

    list(lessonId: number): PublishedItem[] {
      return db.all<PublishedItem>(
        `SELECT item, content_hash AS contentHash, remote_ref AS remoteRef FROM published_items
         WHERE lesson_id = ? ORDER BY item`,
        [lessonId],
      );
    },
  };
}
