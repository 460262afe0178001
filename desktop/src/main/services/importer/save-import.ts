import type { TranscriptLine, VocabularyWord } from '../../../shared/model.ts';
import { PEAKS_PER_SECOND } from '../audio/decode.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { NewLine } from '../drafts/lines-repo.ts';
import type { NewWord } from '../drafts/words-repo.ts';
import type { LessonImport } from './lesson-folder.ts';

const orEarlier = (fromFile: string | undefined, earlier: string | undefined): string =>
  fromFile && fromFile !== '' ? fromFile : (earlier ?? '');

/**
 * New transcript lines from a changed file, keeping the author's work on the lines that did not
 * change: a line with the same speaker and text as an earlier one (taken in order) keeps its
 * times, and translations the file leaves empty keep what the author typed in the studio.
 */
function carryLines(
  lessonId: number,
  store: DraftsStore,
  existing: readonly TranscriptLine[],
  lines: readonly NewLine[],
): void {
  const unused = [...existing];
  const inputs = lines.map((line) => {
    const index = unused.findIndex((e) => e.speaker === line.speaker && e.text === line.text);
    const earlier = index < 0 ? undefined : unused.splice(index, 1)[0];
    return {
      id: null,
      speaker: line.speaker,
      text: line.text,
      startTime: earlier?.startTime ?? null,
      endTime: earlier?.endTime ?? null,
      translationEn: orEarlier(line.translationEn, earlier?.translationEn),
      translationDe: orEarlier(line.translationDe, earlier?.translationDe),
      translationEs: orEarlier(line.translationEs, earlier?.translationEs),
    };
  });
  store.lines.setLines(lessonId, inputs);
}

/**
 * The words to store after an import: from the file when it changed (meanings the file leaves
 * empty keep the author's), or as the author left them when it did not; either way automatic
 * matches follow the files found now, and a manual match stays while its file is there.
 */
function mergeWords(
  existing: readonly VocabularyWord[],
  words: readonly NewWord[],
  fileUnchanged: boolean,
  files: ReadonlySet<string>,
): NewWord[] {
  const earlierByWord = new Map(existing.map((word) => [word.wordHu, word]));
  return words.map((word, i) => {
    const earlier = fileUnchanged ? existing[i] : earlierByWord.get(word.wordHu);
    const manual =
      earlier?.matchLevel === 'manual' && earlier.audioFile && files.has(earlier.audioFile);
    const meanings = fileUnchanged
      ? {
          wordEn: earlier?.wordEn ?? word.wordEn,
          wordDe: earlier?.wordDe ?? word.wordDe ?? '',
          wordEs: earlier?.wordEs ?? word.wordEs ?? '',
        }
      : {
          wordEn: word.wordEn,
          wordDe: orEarlier(word.wordDe, earlier?.wordDe),
          wordEs: orEarlier(word.wordEs, earlier?.wordEs),
        };
    return {
      ...word,
      ...meanings,
      ...(manual ? { audioFile: earlier.audioFile, matchLevel: 'manual' } : {}),
    };
  });
}

/**
 * Stores one imported folder in a single transaction. Re-importing keeps the author's work where
 * the source did not change: an unchanged transcript file leaves the lines exactly as the author
 * left them (text, times, translations); a changed one keeps the times of unchanged lines.
 * Manual audio matches survive while their file is still there.
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
    const sources = store.lessons.sourceHashes(lessonId);
    if (data.lines && data.transcriptHash !== sources.transcript) {
      carryLines(lessonId, store, store.lines.listForLesson(lessonId), data.lines);
    }
    if (data.words) {
      const files = new Set(data.audioFiles.map((file) => file.file_name));
      const existing = store.words.listForLesson(lessonId);
      const unchanged =
        data.vocabularyHash === sources.vocabulary &&
        existing.length === data.words.length &&
        existing.every((word, i) => word.wordHu === data.words?.[i]?.wordHu);
      store.words.replaceForLesson(lessonId, mergeWords(existing, data.words, unchanged, files));
    }
    store.lessons.setSourceHashes(lessonId, {
      transcript: data.lines ? data.transcriptHash : sources.transcript,
      vocabulary: data.words ? data.vocabularyHash : sources.vocabulary,
    });
    store.media.replaceAudioFiles(lessonId, data.audioFiles);
    if (data.peaks && data.durationSeconds !== null) {
      store.media.putPeaks(lessonId, {
        sourceHash: data.peaks.sourceHash,
        peaksPerSecond: PEAKS_PER_SECOND,
        durationSeconds: data.durationSeconds,
        data: data.peaks.data,
      });
    } else if (
      data.dialogueFile === null ||
      data.durationSeconds === null ||
      // Peaks of another recording (an AAC dialogue's are drawn by the studio window later).
      store.media.peaksHash(lessonId) !==
        data.audioFiles.find((file) => file.role === 'dialogue')?.content_hash
    ) {
      store.media.deletePeaks(lessonId);
    }
    store.issues.replaceForLesson(lessonId, data.issues);
    return lessonId;
  });
}
