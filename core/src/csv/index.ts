export {
  CREATE_FLOW_DIFFICULTIES,
  TRANSCRIPT_CSV_COLUMNS,
  VOCABULARY_CSV_COLUMNS,
  VOCABULARY_CSV_OPTIONAL_COLUMNS,
  parseTranscriptCsv,
  parseVocabularyCsv,
  type CreateFlowDifficulty,
  type TranscriptCsvRow,
  type VocabularyCsvRow,
} from './create-flow.ts';
export {
  decodeCsvText,
  decodeTextStrict,
  type DecodedText,
  type StrictDecodedText,
  type StrictEncodingName,
  type TextEncodingName,
} from './decode.ts';
export { decodeSingleByte, looksLikeLessonText, type SingleByteEncoding } from './single-byte.ts';
export {
  isBlockingTranscriptIssue,
  readTranscript,
  type ImportedTranscriptLine,
  type TranscriptFormat,
  type TranscriptImport,
  type TranscriptImportOptions,
} from './transcript-import.ts';
export { onePerProblem, rowRanges } from './one-per-problem.ts';
export { parseTranscriptEditorText, transcriptToEditorText } from './editor-text.ts';
export {
  FEEDBACK_CSV_COLUMNS,
  feedbackExportFileName,
  feedbackToCsv,
  parseFeedbackCsv,
  type FeedbackExportOptions,
  type FeedbackExportRow,
} from './feedback-export.ts';
export {
  cleanCell,
  detectDelimiter,
  readRecords,
  type CsvRecord,
  type Delimiter,
} from './records.ts';
export {
  parseTranscriptFile,
  parseTranscriptPaste,
  stripSurroundingQuotes,
  type ParsedTranscriptLine,
  type TranscriptLine,
} from './review-transcript.ts';
export { transcriptCsvToText, transcriptLinesToCsv, vocabularyToCsv } from './serialise.ts';
export { findTextProblem, type TextProblem } from './text-quality.ts';
export type { CsvInput, CsvIssue, CsvIssueCode, CsvResult } from './types.ts';
export { neutraliseFormula, restoreFormulaCell, toCsv, type CsvWriteOptions } from './write.ts';
