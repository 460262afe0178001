import type { LessonLevel, LessonPatch, LessonSummary } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { lessonFingerprint } from './fingerprint.ts';
import { searchText } from './search-text.ts';

/**
 * Import issues about matching words to audio are not stored as they were found: they are
 * worked out from the words as they are now, so one resolved by hand disappears at once.
 */
export const LIVE_ISSUE_CODES = [
  'word-without-audio',
  'audio-without-word',
  'ambiguous-audio',
  'name-not-nfc',
];

/**
 * The stored "decomposed name" notes that still stand: a file in NFD is a note only while no
 * word has it (and it is not the dialogue); once matched, its name did no harm.
 */
export function openNfcNotes<T extends { code: string; file: string }>(
  notes: readonly T[],
  usedFiles: readonly string[],
): T[] {
  const used = new Set(usedFiles.map((file) => file.normalize('NFC')));
  return notes.filter(
    (note) => note.code === 'name-not-nfc' && !used.has(note.file.normalize('NFC')),
  );
}

type SummaryRow = {
  id: number;
  folder: string;
  lesson_number: number | null;
  title: string;
  level: LessonLevel;
  duration_seconds: number | null;
  remote_id: string | null;
  published_status: 'draft' | 'published' | null;
  published_fingerprint: string | null;
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
  l.published_status, l.published_fingerprint, l.updated_at,
  (SELECT count(*) FROM transcript_lines t WHERE t.lesson_id = l.id) AS line_count,
  (SELECT count(*) FROM vocabulary_words w WHERE w.lesson_id = l.id) AS word_count,
  (SELECT count(*) FROM vocabulary_words w WHERE w.lesson_id = l.id AND w.audio_file IS NOT NULL)
    AS matched_word_count,
  (SELECT count(*) FROM import_issues i WHERE i.lesson_id = l.id
     AND i.code NOT IN ('word-without-audio', 'audio-without-word', 'ambiguous-audio',
                        'name-not-nfc'))
  + (SELECT count(*) FROM vocabulary_words w WHERE w.lesson_id = l.id AND w.audio_file IS NULL)
  + CASE WHEN EXISTS (
      SELECT 1 FROM vocabulary_words w WHERE w.lesson_id = l.id AND w.audio_file IS NULL)
    THEN (SELECT count(*) FROM import_issues i WHERE i.lesson_id = l.id
            AND i.code = 'ambiguous-audio')
    ELSE 0 END
  + (SELECT count(*) FROM audio_files a WHERE a.lesson_id = l.id AND a.role = 'vocabulary'
       AND a.duration_seconds IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM vocabulary_words w WHERE w.lesson_id = l.id AND w.audio_file = a.file_name))
  AS issue_count
FROM lessons l`;

const nfcNotes = (db: Db, lessonId: number) =>
  db.all<{ code: string; file: string }>(
    `SELECT code, file FROM import_issues WHERE lesson_id = ? AND code = 'name-not-nfc'`,
    [lessonId],
  );

/** The files the lesson plays: its dialogue and the words' recordings. */
const usedFiles = (db: Db, lessonId: number): string[] =>
  db
    .all<{ file: string | null }>(
      `SELECT audio_file AS file FROM vocabulary_words WHERE lesson_id = ?
       UNION ALL SELECT dialogue_file FROM lessons WHERE id = ?`,
      [lessonId, lessonId],
    )
    .flatMap((row) => (row.file ? [row.file] : []));

function toSummary(db: Db, row: SummaryRow): LessonSummary {
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
    issueCount: row.issue_count + openNfcNotes(nfcNotes(db, row.id), usedFiles(db, row.id)).length,
    publishState: row.published_status ?? 'never',
    publishedStatus: row.published_status,
    remoteId: row.remote_id,
    changedSincePublish:
      row.published_fingerprint !== null &&
      row.published_fingerprint !== lessonFingerprint(db, row.id),
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

    /** The dialogue's decoded length (the studio window decoded a recording the import could not). */
    setDuration(id: number, seconds: number): void {
      db.run('UPDATE lessons SET duration_seconds = ? WHERE id = ?', [seconds, id]);
    },

    list(): LessonSummary[] {
      return db
        .all<SummaryRow>(
          `${SUMMARY_SQL} ORDER BY l.lesson_number IS NULL, l.lesson_number, l.title`,
        )
        .map((row) => toSummary(db, row));
    },

    summary(id: number): LessonSummary | undefined {
      const row = db.first<SummaryRow>(`${SUMMARY_SQL} WHERE l.id = ?`, [id]);
      return row && toSummary(db, row);
    },

    /** Lessons whose title contains `query`, accent- and case-aware (Ő matches ő). */
    search(query: string): LessonSummary[] {
      return db
        .all<SummaryRow>(`${SUMMARY_SQL} WHERE instr(l.title_search, ?) > 0 ORDER BY l.title`, [
          searchText(query),
        ])
        .map((row) => toSummary(db, row));
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

    /** The hashes of the transcript and vocabulary files last imported into the lesson. */
    sourceHashes(id: number): { transcript: string | null; vocabulary: string | null } {
      const row = db.first<{ t: string | null; v: string | null }>(
        'SELECT transcript_source_hash AS t, vocabulary_source_hash AS v FROM lessons WHERE id = ?',
        [id],
      );
      return { transcript: row?.t ?? null, vocabulary: row?.v ?? null };
    },

    setSourceHashes(
      id: number,
      hashes: { transcript: string | null; vocabulary: string | null },
    ): void {
      db.run(
        'UPDATE lessons SET transcript_source_hash = ?, vocabulary_source_hash = ? WHERE id = ?',
        [hashes.transcript, hashes.vocabulary, id],
      );
    },

    touch(id: number): void {
      db.run('UPDATE lessons SET updated_at = ? WHERE id = ?', [now().toISOString(), id]);
    },

    /** Fixes the server id before anything is sent, so a retried insert hits the same row. */
    assignRemoteId(id: number, remoteId: string): void {
      db.run('UPDATE lessons SET remote_id = ? WHERE id = ? AND remote_id IS NULL', [remoteId, id]);
    },

    /** What was published now: the marker "changed since publish" compares with it. */
    markPublished(id: number): void {
      db.run('UPDATE lessons SET published_fingerprint = ? WHERE id = ?', [
        lessonFingerprint(db, id),
        id,
      ]);
    },

    /**
     * Points the draft at an existing server lesson ("update that lesson in place"): what was
     * recorded as sent belonged to another server lesson, so it is forgotten and sent afresh.
     */
    adoptRemote(id: number, remoteId: string): void {
      db.run(
        `UPDATE lessons SET remote_id = ?, published_status = NULL, published_fingerprint = NULL
         WHERE id = ?`,
        [remoteId, id],
      );
      db.run('DELETE FROM published_items WHERE lesson_id = ?', [id]);
      db.run('DELETE FROM published_rows WHERE lesson_id = ?', [id]);
    },

    /**
     * The server no longer has the lesson and the author took that: the draft is no longer
     * linked to it (a later publish makes a new server lesson).
     */
    forgetRemote(id: number): void {
      db.run(
        `UPDATE lessons SET remote_id = NULL, published_status = NULL, published_fingerprint = NULL
         WHERE id = ?`,
        [id],
      );
      db.run('DELETE FROM published_items WHERE lesson_id = ?', [id]);
      db.run('DELETE FROM published_rows WHERE lesson_id = ?', [id]);
    },

    /** What the server says of the lesson now (read before publishing, or anonymously). */
    setServerStatus(id: number, status: 'draft' | 'published' | null): void {
      db.run('UPDATE lessons SET published_status = ? WHERE id = ?', [status, id]);
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
