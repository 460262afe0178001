import { decodeCsvText } from './decode.ts';
import { cleanCell, isBlankRecord, readRecords, type CsvRecord } from './records.ts';
import { findTextProblem } from './text-quality.ts';
import { csvIssue, type CsvInput, type CsvIssue } from './types.ts';

/** A data row with its cells looked up by (lower-case) column name, already NFC and trimmed. */
export type TableRow = {
  readonly row: number;
  readonly get: (column: string) => string;
};

export type Table = { readonly rows: TableRow[]; readonly issues: CsvIssue[] };

function headerName(cell: string): string {
  return cleanCell(cell.replace(/^\uFEFF/, ''))
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

/**
 * Reads a header-led CSV (create flow, feedback export): header plus at least one data row,
 * every required column present. Rows with bad bytes or mojibake are reported and left out.
 * Required-cell and value checks are the caller's, per row.
 */
export function readTable(input: CsvInput, required: readonly string[]): Table {
  const issues: CsvIssue[] = [];
  const { text } = decodeCsvText(input);
  const records = readRecords(text).filter((r) => !isBlankRecord(r));
  const [header, ...data] = records;
  if (header === undefined || data.length === 0) {
    return { rows: [], issues: [csvIssue('no-data-rows', 'csv.headerAndRows', null)] };
  }
  const names = header.cells.map(headerName);
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    checkRecordText(header, issues);
    issues.push(
      csvIssue('missing-columns', 'csv.missingColumns', header.row, {
        columns: missing.join(', '),
      }),
    );
    return { rows: [], issues };
  }
  const index = new Map<string, number>();
  names.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const rows: TableRow[] = [];
  for (const record of data) {
    if (!checkRecordText(record, issues)) continue;
    const { cells } = record;
    rows.push({
      row: record.row,
      get: (column) => {
        const i = index.get(column);
        return i === undefined ? '' : cleanCell(cells[i]);
      },
    });
  }
  return { rows, issues };
}

/** The required columns whose cell is empty in `row`, for 'Row {n}: Missing …'. */
export function missingCells(row: TableRow, required: readonly string[]): CsvIssue | null {
  const missing = required.filter((c) => row.get(c) === '');
  if (missing.length === 0) return null;
  return csvIssue('missing-cells', 'csv.rowMissing', row.row, {
    n: row.row,
    fields: missing.join(', '),
  });
}
