import {
  TRANSCRIPT_CSV_COLUMNS,
  VOCABULARY_CSV_COLUMNS,
  type TranscriptCsvRow,
  type VocabularyCsvRow,
} from './create-flow.ts';
import type { TranscriptLine } from './review-transcript.ts';
import { toCsv } from './write.ts';

/** The create dialog's vocabulary CSV for the given words (parses back with parseVocabularyCsv). */
export function vocabularyToCsv(
  words: readonly Pick<VocabularyCsvRow, 'word_hu' | 'word_en' | 'difficulty'>[],
): string {
  return toCsv([VOCABULARY_CSV_COLUMNS, ...words.map((w) => [w.word_hu, w.word_en, w.difficulty])]);
}

/** The create dialog's transcript CSV (parses back with parseTranscriptCsv). */
export function transcriptCsvToText(
  lines: readonly Pick<TranscriptCsvRow, 'speaker' | 'line'>[],
): string {
  return toCsv([TRANSCRIPT_CSV_COLUMNS, ...lines.map((l) => [l.speaker, l.line])]);
}

/** The review page's 'speaker,text' CSV, header included (parses back with parseTranscriptFile). */
export function transcriptLinesToCsv(
  lines: readonly Pick<TranscriptLine, 'speaker' | 'text_content'>[],
): string {
  return toCsv([['speaker', 'text'], ...lines.map((l) => [l.speaker, l.text_content])]);
}
