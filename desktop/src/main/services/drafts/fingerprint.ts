import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * A hash of everything of a lesson that publishing sends: metadata, lines with their times and
 * translations, words with their meanings and audio, and the content of the audio files. Stored
 * when a publish succeeds; a lesson whose hash differs now has changed since (undoing an edit
 * brings the hash back, and the marker goes away).
 */
export function lessonFingerprint(db: Db, lessonId: number): string {
  const lesson = db.first(
    `SELECT lesson_number, title, level, description, topic, dialogue_file FROM lessons
     WHERE id = ?`,
    [lessonId],
  );
  const lines = db.all(
    `SELECT line_number, speaker, text, start_time, end_time, translation_en, translation_de,
       translation_es FROM transcript_lines WHERE lesson_id = ? ORDER BY line_number`,
    [lessonId],
  );
  const words = db.all(
    `SELECT position, word_hu, word_en, word_de, word_es, difficulty, audio_file
     FROM vocabulary_words WHERE lesson_id = ? ORDER BY position`,
    [lessonId],
  );
  const audio = db.all(
    `SELECT file_name, content_hash FROM audio_files WHERE lesson_id = ? ORDER BY file_name`,
    [lessonId],
  );
  return createHash('sha256').update(JSON.stringify({ lesson, lines, words, audio })).digest('hex');
}
