import type { Db } from '../db/database.ts';

export type AudioFileRow = {
  file_name: string;
  role: 'dialogue' | 'vocabulary';
  size: number;
  content_hash: string;
  duration_seconds: number | null;
};

export type StoredPeaks = {
  sourceHash: string;
  peaksPerSecond: number;
  durationSeconds: number;
  data: Float32Array;
};

export function createMediaRepo(db: Db) {
  return {
    replaceAudioFiles(lessonId: number, files: readonly AudioFileRow[]): void {
      db.run('DELETE FROM audio_files WHERE lesson_id = ?', [lessonId]);
      for (const file of files) {
        db.run(
          `INSERT INTO audio_files (lesson_id, file_name, role, size, content_hash, duration_seconds)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [
            lessonId,
            file.file_name,
            file.role,
            file.size,
            file.content_hash,
            file.duration_seconds,
          ],
        );
      }
    },

    audioFiles(lessonId: number): AudioFileRow[] {
      return db.all<AudioFileRow>(
        `SELECT file_name, role, size, content_hash, duration_seconds FROM audio_files
         WHERE lesson_id = ? ORDER BY role, file_name`,
        [lessonId],
      );
    },

    audioFile(lessonId: number, fileName: string): AudioFileRow | undefined {
      return db.first<AudioFileRow>(
        `SELECT file_name, role, size, content_hash, duration_seconds FROM audio_files
         WHERE lesson_id = ? AND file_name = ?`,
        [lessonId, fileName],
      );
    },

    setDuration(lessonId: number, fileName: string, seconds: number): void {
      db.run('UPDATE audio_files SET duration_seconds = ? WHERE lesson_id = ? AND file_name = ?', [
        seconds,
        lessonId,
        fileName,
      ]);
    },

    putPeaks(lessonId: number, peaks: StoredPeaks): void {
      db.run(
        `INSERT INTO waveform_peaks (lesson_id, source_hash, peaks_per_second, duration_seconds, data)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (lesson_id) DO UPDATE SET source_hash = excluded.source_hash,
           peaks_per_second = excluded.peaks_per_second,
           duration_seconds = excluded.duration_seconds, data = excluded.data`,
        [
          lessonId,
          peaks.sourceHash,
          peaks.peaksPerSecond,
          peaks.durationSeconds,
          Buffer.from(peaks.data.buffer, peaks.data.byteOffset, peaks.data.byteLength),
        ],
      );
    },

    peaks(lessonId: number): StoredPeaks | undefined {
      const row = db.first<{
        source_hash: string;
        peaks_per_second: number;
        duration_seconds: number;
        data: Buffer;
      }>('SELECT * FROM waveform_peaks WHERE lesson_id = ?', [lessonId]);
      if (!row) return undefined;
      // Copy into an aligned buffer: the blob's offset in Node's pool need not be a multiple of 4.
      const bytes = new Uint8Array(row.data);
      return {
        sourceHash: row.source_hash,
        peaksPerSecond: row.peaks_per_second,
        durationSeconds: row.duration_seconds,
        data: new Float32Array(bytes.buffer, 0, bytes.byteLength / 4),
      };
    },

    peaksHash(lessonId: number): string | undefined {
      return db.first<{ source_hash: string }>(
        'SELECT source_hash FROM waveform_peaks WHERE lesson_id = ?',
        [lessonId],
      )?.source_hash;
    },

    deletePeaks(lessonId: number): void {
      db.run('DELETE FROM waveform_peaks WHERE lesson_id = ?', [lessonId]);
    },
  };
}
