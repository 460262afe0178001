import type { LessonLevel, LessonPatch, LessonSummary } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { searchText } from './search-text.ts';

type SummaryRow = {
  id: number;
  folder: string;
  lesson_number: number | null;
  title: string;
  level: LessonLevel;
  duration_seconds: number | null;
  remote_id: string | null;
  published_status: 'draft' | 'published' | null;
  updated_at: string;
  line_count: number;
  word_count: number;
  matched_word_count: number;
  issue_count: number;
};

export type LessonRow = {
  id: number;
  folder: string;
  lesson_number: number | null;
  title: string;
  level: LessonLevel;
  description: string;
  topic: string;
  dialogue_file: string | null;
  duration_seconds: number | null;
  remote_id: string | null;
  published_status: 'draft' | 'published' | null;
};

const SUMMARY_SQL = `
SELECT l.id, l.folder, l.lesson_number, l.title, l.level, l.duration_seconds, l.remote_id,
  l.published_status, l.updated_at,
  (SELECT count(*) FROM transcript_lines t WHERE t.lesson_id = l.id) AS line_count,
  (SELECT count(*) FROM vocabulary_words w WHERE w.lesson_id = l.id) AS word_count,
  (SELECT count(*) FROM vocabulary_words w WHERE w.lesson_id = l.id AND w.audio_file IS NOT NULL)
    AS matched_word_count,
  (SELECT count(*) FROM import_issues i WHERE i.lesson_id = l.id) AS issue_count
FROM lessons l`;

function toSummary(row: SummaryRow): LessonSummary {
  return {
    id: row.id,
    folder: row.folder,
    lessonNumber: row.lesson_number,
    title: row.title,
    level: row.level,
    durationSeconds: row.duration_seconds,
    lineCount: row.line_count,
    wordCount: row.word_count,
    matchedWordCount: row.matched_word_count,
    issueCount: row.issue_count,
    publishState: row.published_status ?? 'never',
    publishedStatus: row.published_status,
    remoteId: row.remote_id,
    updatedAt: row.updated_at,
  };
}

export type ImportedLesson = {
  folder: string;
  lessonNumber: number | null;
  title: string;
  dialogueFile: string | null;
  durationSeconds: number | null;
};

export function createLessonsRepo(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Inserts a lesson for a new folder; for a known folder keeps the author's metadata edits. */
    upsertImported(lesson: ImportedLesson): number {
      const stamp = now().toISOString();
      const existing = db.first<{ id: number }>('SELECT id FROM lessons WHERE folder = ?', [
        lesson.folder,
      ]);
      if (existing) {
        db.run(
          'UPDATE lessons SET dialogue_file = ?, duration_seconds = ?, updated_at = ? WHERE id = ?',
          [lesson.dialogueFile, lesson.durationSeconds, stamp, existing.id],
        );
        return existing.id;
      }
      return db.run(
        `INSERT INTO lessons (folder, lesson_number, title, title_search, dialogue_file,
           duration_seconds, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          lesson.folder,
          lesson.lessonNumber,
          lesson.title,
          searchText(lesson.title),
          lesson.dialogueFile,
          lesson.durationSeconds,
          stamp,
          stamp,
        ],
      ).lastInsertRowid;
    },

    list(): LessonSummary[] {
      return db
        .all<SummaryRow>(
          `${SUMMARY_SQL} ORDER BY l.lesson_number IS NULL, l.lesson_number, l.title`,
        )
        .map(toSummary);
    },

    summary(id: number): LessonSummary | undefined {
      const row = db.first<SummaryRow>(`${SUMMARY_SQL} WHERE l.id = ?`, [id]);
      return row && toSummary(row);
    },

    /** Lessons whose title contains `query`, accent- and case-aware (Ő matches ő). */
    search(query: string): LessonSummary[] {
      return db
        .all<SummaryRow>(`${SUMMARY_SQL} WHERE instr(l.title_search, ?) > 0 ORDER BY l.title`, [
          searchText(query),
        ])
        .map(toSummary);
    },

    get(id: number): LessonRow | undefined {
      return db.first<LessonRow>(
        `SELECT id, folder, lesson_number, title, level, description, topic, dialogue_file,
           duration_seconds, remote_id, published_status FROM lessons WHERE id = ?`,
        [id],
      );
    },

    update(id: number, patch: LessonPatch): void {
      const sets: string[] = [];
      const params: (string | number | null)[] = [];
      if (patch.title !== undefined) {
        sets.push('title = ?', 'title_search = ?');
        params.push(patch.title, searchText(patch.title));
      }
      if (patch.lessonNumber !== undefined) {
        sets.push('lesson_number = ?');
        params.push(patch.lessonNumber);
      }
      if (patch.level !== undefined) {
        sets.push('level = ?');
        params.push(patch.level);
      }
      if (patch.description !== undefined) {
        sets.push('description = ?');
        params.push(patch.description);
      }
      if (patch.topic !== undefined) {
        sets.push('topic = ?');
        params.push(patch.topic);
      }
      sets.push('updated_at = ?');
      params.push(now().toISOString(), id);
      db.run(`UPDATE lessons SET ${sets.join(', ')} WHERE id = ?`, params);
    },

    touch(id: number): void {
      db.run('UPDATE lessons SET updated_at = ? WHERE id = ?', [now().toISOString(), id]);
    },

    /** Fixes the server id before anything is sent, so a retried insert hits the same row. */
    assignRemoteId(id: number, remoteId: string): void {
      db.run('UPDATE lessons SET remote_id = ? WHERE id = ? AND remote_id IS NULL', [remoteId, id]);
    },

    setRemote(id: number, remoteId: string, status: 'draft' | 'published'): void {
      db.run('UPDATE lessons SET remote_id = ?, published_status = ? WHERE id = ?', [
        remoteId,
        status,
        id,
      ]);
    },
  };
}
export type LessonsRepo = ReturnType<typeof createLessonsRepo>;
