// The vocabulary CSV as the studio reads it: core's create-flow validation for the spec's
// columns, plus the optional `word_de` and `word_es` meanings. The optional columns live here
// until core's csv module reads them (core/src/csv belongs to the web authoring work this
// round; the lead folds this file into it).
import {
  cleanCell,
  parseVocabularyCsv,
  readRecords,
  stripSurroundingQuotes,
} from '@magyarul/core/csv';
import type { CsvIssue } from '@magyarul/core/csv';
import type { TextEncoding } from './text-encoding.ts';
import { decodeTextFile } from './text-encoding.ts';

export type VocabularyRow = {
  readonly wordHu: string;
  readonly wordEn: string;
  readonly wordDe: string;
  readonly wordEs: string;
  readonly difficulty: string;
};

export type VocabularyFile =
  | {
      readonly ok: true;
      readonly words: readonly VocabularyRow[];
      readonly issues: readonly CsvIssue[];
      readonly encoding: TextEncoding;
    }
  | { readonly ok: false; readonly reason: string };

/** The cells of `columns` by record number (the header is row 1, as core numbers rows). */
function optionalColumns(text: string, columns: readonly string[]): Map<number, string[]> {
  const records = readRecords(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = records;
  const byRow = new Map<number, string[]>();
  if (!header) return byRow;
  const names = header.cells.map((c) =>
    stripSurroundingQuotes(cleanCell(c.replace(/^\uFEFF/, ''))).toLowerCase(),
  );
  const positions = columns.map((column) => names.indexOf(column));
  for (const record of rows) {
    byRow.set(
      record.row,
      positions.map((p) => (p < 0 ? '' : cleanCell(record.cells[p]))),
    );
  }
  return byRow;
}

/**
 * Reads a vocabulary CSV in UTF-8, UTF-16 or Windows-1250 (a file in none of them is refused
 * whole). Rows core rejects (a bad difficulty, a missing cell) come back as issues; the other
 * rows are kept with their German and Spanish meanings when the file has those columns.
 */
export function readVocabularyFile(bytes: Uint8Array): VocabularyFile {
  const decoded = decodeTextFile(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseVocabularyCsv(decoded.text);
  const extra = optionalColumns(decoded.text, ['word_de', 'word_es']);
  return {
    ok: true,
    encoding: decoded.encoding,
    issues: parsed.issues,
    words: parsed.items.map((item) => {
      const [wordDe = '', wordEs = ''] = extra.get(item.row) ?? [];
      return {
        wordHu: item.word_hu.normalize('NFC'),
        wordEn: item.word_en.normalize('NFC'),
        wordDe,
        wordEs,
        difficulty: item.difficulty,
      };
    }),
  };
}
