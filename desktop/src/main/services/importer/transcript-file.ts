// The transcript formats the studio reads. It lives here until core's csv module takes the
// optional translation columns and a strict (all-or-nothing) mode: core/src/csv belongs to the
// web authoring work this round, and the lead folds this file into it.
import { cleanCell, readRecords, stripSurroundingQuotes } from '@magyarul/core/csv';
import type { TextEncoding } from './text-encoding.ts';
import { decodeTextFile } from './text-encoding.ts';

export const TRANSLATION_COLUMNS = ['translation_en', 'translation_de', 'translation_es'] as const;

export type TranscriptRow = {
  readonly speaker: string;
  readonly text: string;
  readonly translationEn: string;
  readonly translationDe: string;
  readonly translationEs: string;
};

/**
 * - `csv-line`: the create flow's CSV, header `speaker,line` (+ optional translation columns);
 * - `csv-text`: the same with a `speaker,text` header (the review page's columns);
 * - `speaker-text`: the review page's headerless `speaker,text` lines;
 * - `speaker-colon`: the review editor's `SPEAKER: text` lines.
 */
export type TranscriptFormat = 'csv-line' | 'csv-text' | 'speaker-text' | 'speaker-colon';

export type TranscriptFile =
  | {
      readonly ok: true;
      readonly lines: readonly TranscriptRow[];
      readonly format: TranscriptFormat;
      readonly encoding: TextEncoding;
    }
  | { readonly ok: false; readonly reason: string };

const NO_TRANSLATIONS = { translationEn: '', translationDe: '', translationEs: '' } as const;
const HEADER = /^\uFEFF?\s*"?speaker"?\s*[,;\t]/iu;
// `ANNA: Szia!` — the speaker part holds no comma, semicolon, tab or quote, so a CSV line whose
// text has a colon (`anna,Hány óra van? 10:30`) is not taken for one.
const COLON_LINE = /^\s*([^,;:\t"]{1,40}?)\s*:\s*(.*?)\s*$/u;

type Parsed =
  | {
      readonly ok: true;
      readonly lines: readonly TranscriptRow[];
      readonly format: TranscriptFormat;
    }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): Parsed => ({ ok: false, reason });

function headerName(cell: string): string {
  return stripSurroundingQuotes(cleanCell(cell.replace(/^\uFEFF/, ''))).toLowerCase();
}

function readHeaderCsv(text: string): Parsed {
  const records = readRecords(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = records;
  if (!header) return refuse('it has no lines.');
  const names = header.cells.map(headerName);
  const textColumn = names.includes('line') ? 'line' : names.includes('text') ? 'text' : null;
  if (textColumn === null) return refuse('its header has no “line” or “text” column.');
  const at = (name: string) => names.indexOf(name);
  const [en, de, es] = TRANSLATION_COLUMNS.map(at);
  const lines: TranscriptRow[] = [];
  for (const record of rows) {
    // More cells than columns: an unquoted comma split the text, and the text would be cut.
    if (
      record.cells.length > names.length &&
      record.cells.slice(names.length).some((c) => c.trim() !== '')
    ) {
      return refuse(
        `row ${record.row} has more cells than the header has columns; put text that holds a comma in double quotes.`,
      );
    }
    const cell = (index: number | undefined) =>
      index === undefined || index < 0 ? '' : cleanCell(record.cells[index]);
    const speaker = cell(at('speaker')).toLowerCase();
    const line = cell(at(textColumn));
    if (speaker === '' || line === '') {
      const missing = [speaker === '' ? 'speaker' : '', line === '' ? textColumn : '']
        .filter(Boolean)
        .join(' and ');
      return refuse(`row ${record.row} has no ${missing}.`);
    }
    lines.push({
      speaker,
      text: line,
      translationEn: cell(en),
      translationDe: cell(de),
      translationEs: cell(es),
    });
  }
  if (lines.length === 0) return refuse('it has a header but no lines.');
  return { ok: true, lines, format: textColumn === 'line' ? 'csv-line' : 'csv-text' };
}

function readSpeakerText(text: string): Parsed {
  const lines: TranscriptRow[] = [];
  for (const record of readRecords(text, ',')) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    const speaker = stripSurroundingQuotes(cleanCell(record.cells[0])).toLowerCase();
    // Only the first comma separates: an unquoted comma in the text split it into more cells.
    const line = stripSurroundingQuotes(cleanCell(record.cells.slice(1).join(',')));
    if (record.cells.length < 2 || speaker === '' || line === '') {
      return refuse(`line ${record.row} is not “speaker,text”.`);
    }
    lines.push({ speaker, text: line, ...NO_TRANSLATIONS });
  }
  if (lines.length === 0) return refuse('it has no lines.');
  return { ok: true, lines, format: 'speaker-text' };
}

function readSpeakerColon(text: string): Parsed {
  const lines: TranscriptRow[] = [];
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  for (const [index, source] of raw.entries()) {
    if (source.trim() === '') continue;
    const match = COLON_LINE.exec(source);
    const speaker = (match?.[1] ?? '').trim().toLowerCase();
    const line = (match?.[2] ?? '').trim();
    if (speaker === '' || line === '') return refuse(`line ${index + 1} is not “SPEAKER: text”.`);
    lines.push({ speaker, text: line, ...NO_TRANSLATIONS });
  }
  if (lines.length === 0) return refuse('it has no lines.');
  return { ok: true, lines, format: 'speaker-colon' };
}

/**
 * Reads a transcript file in any of the formats above, in UTF-8, UTF-16 or Windows-1250. All or
 * nothing: a file with one unreadable line, an encoding it is not really in, or garbled letters
 * is refused whole with one reason, so a partial transcript never replaces a whole one.
 */
export function readTranscriptFile(bytes: Uint8Array): TranscriptFile {
  const decoded = decodeTextFile(bytes);
  if (!decoded.ok) return decoded;
  const text = decoded.text;
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const parsed = HEADER.test(first)
    ? readHeaderCsv(text)
    : COLON_LINE.test(first)
      ? readSpeakerColon(text)
      : readSpeakerText(text);
  return parsed.ok ? { ...parsed, encoding: decoded.encoding } : parsed;
}
