import { LEVELS, isOneOf, type Level } from '../enums/index.ts';
import { storedTranslation, type WordMeaningColumns } from '../lessons/translations.ts';
import { csvIssue, type CsvInput, type CsvResult } from './types.ts';
import { missingCells, readLessonTable } from './table.ts';

export const TRANSCRIPT_CSV_COLUMNS = ['speaker', 'line'] as const;
export const VOCABULARY_CSV_COLUMNS = ['word_hu', 'word_en', 'difficulty'] as const;
/** Meanings in German and Spanish, optional: the spec's three-column CSV stays valid. */
export const VOCABULARY_CSV_OPTIONAL_COLUMNS = ['word_de', 'word_es'] as const;
/** The difficulties a vocabulary CSV may name: the database's level enum. */
export const CREATE_FLOW_DIFFICULTIES = LEVELS;

export type CreateFlowDifficulty = Level;

/** A transcript line of the create dialog's CSV; speaker lower-cased (`narrator`, `anna`…). */
export type TranscriptCsvRow = {
  readonly row: number;
  readonly speaker: string;
  readonly line: string;
};

/**
 * A vocabulary row. `word_de` / `word_es` are present only when the file has that column (null
 * for an empty cell), so a file without them reads exactly as the spec's three columns.
 */
export type VocabularyCsvRow = {
  readonly row: number;
  readonly word_hu: string;
  readonly word_en: string;
  readonly difficulty: CreateFlowDifficulty;
} & Partial<Pick<WordMeaningColumns, 'word_de' | 'word_es'>>;

function isDifficulty(value: string): value is CreateFlowDifficulty {
  return isOneOf(LEVELS, value);
}

/** Validates the create dialog's transcript CSV (`speaker,line`). */
export function parseTranscriptCsv(input: CsvInput): CsvResult<TranscriptCsvRow> {
  const { rows, issues } = readLessonTable(input, TRANSCRIPT_CSV_COLUMNS);
  const items: TranscriptCsvRow[] = [];
  for (const row of rows) {
    const missing = missingCells(row, TRANSCRIPT_CSV_COLUMNS);
    if (missing) {
      issues.push(missing);
      continue;
    }
    const [speaker = '', line = ''] = row.values;
    items.push({ row: row.row, speaker: speaker.toLowerCase(), line });
  }
  return { items, issues };
}

/**
 * Validates the create dialog's vocabulary CSV (`word_hu,word_en,difficulty`, optionally
 * `word_de`, `word_es`). A row whose difficulty is not one of the levels is reported; with
 * `unknownDifficulty` (the studio, where the author can change a word's difficulty) it is also
 * kept with that difficulty, so no word is lost to a typo.
 */
export function parseVocabularyCsv(
  input: CsvInput,
  options: { readonly unknownDifficulty?: CreateFlowDifficulty } = {},
): CsvResult<VocabularyCsvRow> {
  const { rows, issues, optionalPresent } = readLessonTable(
    input,
    VOCABULARY_CSV_COLUMNS,
    VOCABULARY_CSV_OPTIONAL_COLUMNS,
  );
  const hasDe = optionalPresent.includes('word_de');
  const hasEs = optionalPresent.includes('word_es');
  const items: VocabularyCsvRow[] = [];
  for (const row of rows) {
    const missing = missingCells(row, VOCABULARY_CSV_COLUMNS);
    if (missing) {
      issues.push(missing);
      continue;
    }
    const [wordHu = '', wordEn = '', raw = '', wordDe = '', wordEs = ''] = row.values;
    const given = raw.toLowerCase();
    let difficulty: CreateFlowDifficulty;
    if (isDifficulty(given)) difficulty = given;
    else {
      issues.push(
        csvIssue('invalid-difficulty', 'csv.rowInvalidDifficulty', row.row, {
          n: row.row,
          value: raw,
        }),
      );
      if (!options.unknownDifficulty) continue;
      difficulty = options.unknownDifficulty;
    }
    items.push({
      row: row.row,
      word_hu: wordHu,
      word_en: wordEn,
      difficulty,
      ...(hasDe ? { word_de: storedTranslation(wordDe) } : {}),
      ...(hasEs ? { word_es: storedTranslation(wordEs) } : {}),
    });
  }
  return { items, issues };
}
