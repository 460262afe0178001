import Papa from 'papaparse';
import { normaliseNewlines } from './records.ts';

// Spreadsheet apps run a cell starting with = + - @ as a formula (CSV injection). Leading
// whitespace (tab and CR are in OWASP's list) is looked through because some apps trim it.
function needsApostrophe(value: string): boolean {
  return /^[=+\-@']/.test(value.trimStart());
}

/**
 * Makes a cell safe to open in a spreadsheet: a leading apostrophe before = + - @ (and before
 * an apostrophe, so `restoreFormulaCell` can undo exactly what was added).
 */
export function neutraliseFormula(value: string): string {
  return needsApostrophe(value) ? `'${value}` : value;
}

/** Undoes `neutraliseFormula` when reading an exported file back. */
export function restoreFormulaCell(value: string): string {
  return value.startsWith("'") && needsApostrophe(value.slice(1)) ? value.slice(1) : value;
}

export type CsvWriteOptions = {
  /** Prefix a UTF-8 byte-order mark so Excel reads ő/ű correctly (default false). */
  readonly bom?: boolean;
  /** Neutralise formula-looking cells (default false). */
  readonly neutraliseFormulas?: boolean;
};

/**
 * RFC 4180 text in NFC, written by papaparse's `unparse`: CRLF after every record, fields quoted
 * when they hold a quote, comma or line break (or start or end with a space).
 */
export function toCsv(rows: readonly (readonly string[])[], options: CsvWriteOptions = {}): string {
  const cells = rows.map((row) =>
    row.map((cell) => {
      // NFC like every stored text (and before the formula check: '=' + U+0338 is '≠');
      // newlines inside a cell are written as CRLF too, RFC 4180's line break.
      const text = normaliseNewlines(cell.normalize('NFC')).replace(/\n/g, '\r\n');
      return options.neutraliseFormulas ? neutraliseFormula(text) : text;
    }),
  );
  const body = cells.length === 0 ? '' : `${Papa.unparse(cells, { newline: '\r\n' })}\r\n`;
  return options.bom ? `\uFEFF${body}` : body;
}
