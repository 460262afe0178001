// The studio reads transcript and vocabulary files with core's readers, the ones the web admin
// uses: one rule for what a lesson file is (formats, columns, encodings, refusals), whoever reads
// it. What core reports comes back as its catalogue keys; the studio renders them (issues.ts).
import {
  isBlockingTranscriptIssue,
  parseVocabularyCsv,
  readTranscript,
  type CsvIssue,
} from '@magyarul/core/csv';
import type { NewLine } from '../drafts/lines-repo.ts';
import type { NewWord } from '../drafts/words-repo.ts';

export type VocabularyEntry = Omit<NewWord, 'audioFile' | 'matchLevel'>;

/** What a file gave: its rows (null when it was refused whole) and what core reported. */
export type LessonFileRead<T> = {
  readonly rows: readonly T[] | null;
  readonly issues: readonly CsvIssue[];
};

/**
 * A transcript in any of core's formats and encodings (readTranscript): all or nothing, so a
 * partial transcript never replaces a whole one.
 */
export function readTranscriptFile(bytes: Uint8Array): LessonFileRead<NewLine> {
  const result = readTranscript(bytes);
  if (result.issues.some(isBlockingTranscriptIssue)) return { rows: null, issues: result.issues };
  return {
    rows: result.items.map((line) => ({
      speaker: line.speaker,
      text: line.text_content,
      translationEn: line.translation_en ?? '',
      translationDe: line.translation_de ?? '',
      translationEs: line.translation_es ?? '',
    })),
    issues: result.issues,
  };
}

/**
 * A vocabulary CSV (parseVocabularyCsv): refused whole when its bytes are in no encoding core
 * reads; otherwise the good rows, and an issue for each row core rejects. A word with an unknown
 * difficulty is kept as a beginner's word (its issue says so; the author can change it).
 */
export function readVocabularyFile(bytes: Uint8Array): LessonFileRead<VocabularyEntry> {
  const result = parseVocabularyCsv(bytes, { unknownDifficulty: 'beginner' });
  if (result.issues.some((issue) => issue.code === 'unknown-encoding')) {
    return { rows: null, issues: result.issues };
  }
  return {
    rows: result.items.map((word) => ({
      wordHu: word.word_hu,
      wordEn: word.word_en,
      wordDe: word.word_de ?? '',
      wordEs: word.word_es ?? '',
      difficulty: word.difficulty,
    })),
    issues: result.issues,
  };
}
