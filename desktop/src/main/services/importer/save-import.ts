import { PEAKS_PER_SECOND } from '../audio/decode.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonImport } from './lesson-folder.ts';

/**
 * Stores one imported folder in a single transaction. Re-importing keeps the author's work where
 * the source did not change: line times survive when the transcript lines are the same, and
 * manual audio matches survive when the words are the same and the file is still there.
 */
export function saveLessonImport(store: DraftsStore, data: LessonImport): number {
  return store.db.transaction(() => {
    const lessonId = store.lessons.upsertImported({
      folder: data.folder,
      lessonNumber: data.lessonNumber,
      title: data.title,
      dialogueFile: data.dialogueFile,
      durationSeconds: data.durationSeconds,
    });
    if (data.lines) {
      const existing = store.lines.listForLesson(lessonId);
      const same =
        existing.length === data.lines.length &&
        existing.every(
          (line, i) =>
            line.speaker === data.lines?.[i]?.speaker && line.text === data.lines[i]?.text,
        );
      if (!same) store.lines.replaceForLesson(lessonId, data.lines);
    }
    if (data.words) {
      const existing = store.words.listForLesson(lessonId);
      const files = new Set(data.audioFiles.map((file) => file.file_name));
      const same =
        existing.length === data.words.length &&
        existing.every(
          (word, i) =>
            word.wordHu === data.words?.[i]?.wordHu &&
            word.wordEn === data.words[i]?.wordEn &&
            word.difficulty === data.words[i]?.difficulty,
        );
      const words = data.words.map((word, i) => {
        const previous = same ? existing[i] : undefined;
        return previous?.matchLevel === 'manual' &&
          previous.audioFile &&
          files.has(previous.audioFile)
          ? { ...word, audioFile: previous.audioFile, matchLevel: 'manual' }
          : word;
      });
      store.words.replaceForLesson(lessonId, words);
    }
    store.media.replaceAudioFiles(lessonId, data.audioFiles);
    if (data.peaks && data.durationSeconds !== null) {
      store.media.putPeaks(lessonId, {
        sourceHash: data.peaks.sourceHash,
        peaksPerSecond: PEAKS_PER_SECOND,
        durationSeconds: data.durationSeconds,
        data: data.peaks.data,
      });
    } else if (data.dialogueFile === null || data.durationSeconds === null) {
      store.media.deletePeaks(lessonId);
    }
    store.issues.replaceForLesson(lessonId, data.issues);
    return lessonId;
  });
}
