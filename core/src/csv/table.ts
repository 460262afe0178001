import { decodeCsvText, decodeTextStrict } from './decode.ts';
import { readRecords, type CsvRecord } from './records.ts';
import { findTextProblem } from './text-quality.ts';
import { csvIssue, type CsvInput, type CsvIssue } from './types.ts';

/**
 * A data row: `values[i]` is the cell of column `columns[i]` of the table read, trimmed and
 * in NFC ('' when the row is short).
 */
export type TableRow = { readonly row: number; readonly values: readonly string[] };

export type Table = {
  readonly rows: TableRow[];
  readonly issues: CsvIssue[];
  /** The optional columns the header has. */
  readonly optionalPresent: readonly string[];
};

function headerName(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();
}

/** Reports undecodable bytes or mojibake in a record; returns true when the record is clean. */
export function checkRecordText(record: CsvRecord, issues: CsvIssue[]): boolean {
  for (const cell of record.cells) {
    const problem = findTextProblem(cell);
    if (problem === null) continue;
    if (problem.kind === 'not-utf8') {
      issues.push(csvIssue('not-utf8', 'csv.rowNotUtf8', record.row, { n: record.row }));
    } else {
      issues.push(
        csvIssue('mojibake', 'csv.rowMojibake', record.row, {
          n: record.row,
          value: problem.sample,
        }),
      );
    }
    return false;
  }
  return true;
}

function isBlank(cells: readonly string[]): boolean {
  if (cells.length === 1) return (cells[0] ?? '').trim() === '';
  return cells.every((c) => c.trim() === '');
}

/**
 * Reads a header-led CSV (create flow, feedback export): header plus at least one data row,
 * every required column present. Rows with bad bytes or mojibake are reported and left out.
 * The text is NFC-normalised once, up front; cells are then only trimmed. Required-cell and
 * value checks are the caller's, per row.
 */
export function readTable(
  input: CsvInput,
  columns: readonly string[],
  optional: readonly string[] = [],
): Table {
  const issues: CsvIssue[] = [];
  const text = decodeCsvText(input).text.normalize('NFC');
  // One scan of the whole text decides whether the per-cell encoding checks are needed.
  const suspicious = findTextProblem(text) !== null;
  const records = readRecords(text).filter((r) => !isBlank(r.cells));
  const [header, ...data] = records;
  if (header === undefined || data.length === 0) {
    return {
      rows: [],
      issues: [csvIssue('no-data-rows', 'csv.headerAndRows', null)],
      optionalPresent: [],
    };
  }
  const names = header.cells.map(headerName);
  const present = optional.filter((c) => names.includes(c));
  const missing = columns.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    if (suspicious) checkRecordText(header, issues);
    issues.push(
      csvIssue('missing-columns', 'csv.missingColumns', header.row, {
        columns: missing.join(', '),
      }),
    );
    return { rows: [], issues, optionalPresent: present };
  }
  // Optional columns follow the required ones in `values`; an absent one reads as ''.
  const positions = [...columns, ...optional].map((c) => names.indexOf(c));
  const rows: TableRow[] = [];
  for (const record of data) {
    if (suspicious && !checkRecordText(record, issues)) continue;
    const { cells } = record;
    rows.push({
      row: record.row,
      values: positions.map((p) => (p < 0 ? '' : (cells[p] ?? '').trim())),
    });
  }
  return { rows, issues, optionalPresent: present };
}

/**
 * readTable for a lesson file (the create flow's transcript and vocabulary CSVs, the studio's
 * folders): the bytes are decoded as every lesson file is (decodeTextStrict: UTF-8, UTF-16,
 * Windows-1250 or -1252), and a file in none of them is refused whole, never read with
 * replacement characters.
 */
export function readLessonTable(
  input: CsvInput,
  columns: readonly string[],
  optional: readonly string[] = [],
): Table {
  const decoded = decodeTextStrict(input);
  if (!decoded.ok) {
    return {
      rows: [],
      issues: [csvIssue('unknown-encoding', 'csv.unknownEncoding', null)],
      optionalPresent: [],
    };
  }
  return readTable(decoded.text, columns, optional);
}

/** Issue for the columns (of the first `required` of `columns`) left empty in `row`. */
export function missingCells(
  row: TableRow,
  columns: readonly string[],
  required = columns.length,
): CsvIssue | null {
  let missing: string[] | null = null;
  for (let i = 0; i < required; i++) {
    if (row.values[i] === '') (missing ??= []).push(columns[i] ?? '');
  }
  if (missing === null) return null;
  return csvIssue('missing-cells', 'csv.rowMissing', row.row, {
    n: row.row,
    fields: missing.join(', '),
  });
}
