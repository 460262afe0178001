// papaparse ships no types of its own: under Deno (the edge functions) this directive takes them
// from @types/papaparse, which each function's deno.json maps; Node and Vite read a comment.
// @ts-types="@types/papaparse"
import Papa from 'papaparse';

/** A parsed CSV record with its 1-based record number (the header, if any, is row 1). */
export type CsvRecord = { readonly row: number; readonly cells: readonly string[] };

export type Delimiter = ',' | ';' | '\t';

const candidates: readonly Delimiter[] = [',', ';', '\t'];

/** Line endings become `\n` so CRLF, LF and old-Mac CR files parse alike. */
export function normaliseNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Picks the delimiter from the first non-blank line: the candidate occurring most often outside
 * quotes, comma on a tie. A `;` file (Excel in Hungarian/German locales) keeps decimal commas
 * like `1,5` inside their cells.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<Delimiter, number>(candidates.map((d) => [d, 0]));
  let inQuotes = false;
  let sawContent = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === '\n' && !inQuotes) {
      if (sawContent) break;
    } else if (!inQuotes && (ch === ',' || ch === ';' || ch === '\t')) {
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
      sawContent = true;
    } else if (ch !== ' ') sawContent = true;
  }
  let best: Delimiter = ',';
  for (const d of candidates) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

// Pure CRLF files (Excel's default) are parsed as they are, sparing a copy of the text; lone CR
// (old Mac) or mixed endings are normalised to LF first.
function newlineOf(text: string): { text: string; newline: '\n' | '\r\n' } {
  if (!text.includes('\r')) return { text, newline: '\n' };
  if (!/\r(?!\n)|(?<!\r)\n/.test(text)) return { text, newline: '\r\n' };
  return { text: normaliseNewlines(text), newline: '\n' };
}

/**
 * Real CSV parsing (RFC 4180 quoting, quoted delimiters and newlines) through papaparse.
 * Malformed quoting does not throw: papaparse keeps what it could read and the row checks
 * judge the cells. Blank records are kept so record numbers stay stable. Line breaks inside
 * quoted cells come out as LF whatever the file used.
 */
export function readRecords(
  text: string,
  delimiter: Delimiter = detectDelimiter(text),
): CsvRecord[] {
  if (text.length === 0) return [];
  const { text: source, newline } = newlineOf(text);
  const parsed = Papa.parse<string[]>(source, {
    delimiter,
    newline,
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
  });
  const rows = parsed.data;
  if (newline === '\r\n' && source.includes('"')) {
    for (const cells of rows) {
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        if (cell !== undefined && cell.includes('\r')) cells[i] = normaliseNewlines(cell);
      }
    }
  }
  return rows.map((cells, index) => ({ row: index + 1, cells }));
}

/** NFC, trimmed: the form every imported text takes (macOS and some editors produce NFD). */
export function cleanCell(value: string | undefined): string {
  if (value === undefined) return '';
  return value.normalize('NFC').trim();
}

/** True when every cell of the record is blank (an empty line or a line of delimiters). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}
