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

/** One RFC 4180 field: quoted (with doubled quotes) when it holds a quote, comma or newline. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export type CsvWriteOptions = {
  /** Prefix a UTF-8 byte-order mark so Excel reads ő/ű correctly (default false). */
  readonly bom?: boolean;
  /** Neutralise formula-looking cells (default false). */
  readonly neutraliseFormulas?: boolean;
};

/** RFC 4180 text in NFC: CRLF after every record, fields quoted when needed. */
export function toCsv(rows: readonly (readonly string[])[], options: CsvWriteOptions = {}): string {
  const body = rows
    .map((row) =>
      row
        .map((cell) => {
          // NFC like every stored text (and before the formula check: '=' + U+0338 is '≠');
          // newlines inside a cell are written as CRLF too, RFC 4180's line break.
          const text = normaliseNewlines(cell.normalize('NFC')).replace(/\n/g, '\r\n');
          return csvField(options.neutraliseFormulas ? neutraliseFormula(text) : text);
        })
        .join(','),
    )
    .map((line) => `${line}\r\n`)
    .join('');
  return options.bom ? `\uFEFF${body}` : body;
}
