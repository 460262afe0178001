import { toSpeaker, type TranscriptSpeaker } from '../lessons/speakers.ts';
import {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  storedTranslation,
  type LineTranslationColumns,
  type TranslationLanguage,
} from '../lessons/translations.ts';
import type { MessageKey } from '../messages/index.ts';
import { decodeTextStrict, type StrictEncodingName } from './decode.ts';
import {
  cleanCell,
  detectDelimiter,
  isBlankRecord,
  normaliseNewlines,
  readRecords,
  type CsvRecord,
  type Delimiter,
} from './records.ts';
import { stripSurroundingQuotes } from './review-transcript.ts';
import { checkRecordText } from './table.ts';
import { csvIssue, type CsvInput, type CsvIssue, type CsvResult } from './types.ts';

/**
 * The three ways a transcript arrives: a CSV with a header (`speaker,line` of the create flow,
 * `speaker,text` of the review page, optional `translation_en/de/es` columns), a header-less
 * 'speaker,text' CSV, or the review editor's 'SPEAKER: text' lines.
 */
export type TranscriptFormat = 'csv-header' | 'csv' | 'speaker-colon';

/**
 * A line read from a transcript file. A `translation_xx` key is present only when the file has
 * that column (null for an empty cell), so a caller can tell "no column" (keep what it has)
 * from "empty" (no translation).
 */
export type ImportedTranscriptLine = {
  readonly row: number;
  readonly line_number: number;
  readonly speaker: TranscriptSpeaker;
  readonly text_content: string;
} & Partial<LineTranslationColumns>;

export type TranscriptImport = CsvResult<ImportedTranscriptLine> & {
  readonly format: TranscriptFormat | null;
  readonly encoding: StrictEncodingName | null;
  /** The translation columns the file has. */
  readonly translations: readonly TranslationLanguage[];
};

export type TranscriptImportOptions = {
  /**
   * The review page's rules (admin spec §5): lines without a delimiter, or with an empty speaker
   * or text, are skipped and reported, not refused. Everything else still refuses the file.
   */
  readonly skipMalformedLines?: boolean;
  /** Text typed or pasted rather than a file (changes the "no lines" message). */
  readonly pasted?: boolean;
};

const TEXT_COLUMNS = ['line', 'text'] as const;
const KNOWN_COLUMNS = new Set<string>([
  'speaker',
  ...TEXT_COLUMNS,
  ...TRANSLATION_LANGUAGES.map((l) => LINE_TRANSLATION_COLUMN[l]),
]);

/** True for an issue that refuses the whole file (everything but a skipped line). */
export function isBlockingTranscriptIssue(issue: CsvIssue): boolean {
  return issue.code !== 'line-skipped';
}

function headerName(cell: string): string {
  return stripSurroundingQuotes(cell.replace(/^\uFEFF/, '').trim())
    .trim()
    .toLowerCase();
}

function firstContentLine(text: string): string {
  for (const line of normaliseNewlines(text).split('\n')) {
    if (line.trim() !== '') return line;
  }
  return '';
}

// 'ANNA: Szia, Bence!' is a colon line: a speaker word, then a colon before any delimiter.
function isColonLine(line: string): boolean {
  const colon = line.indexOf(':');
  if (colon < 0) return false;
  const head = line.slice(0, colon);
  return !/[,;\t]/.test(head) && /^\s*"?\p{L}+"?\s*$/u.test(head);
}

type Collector = {
  readonly items: ImportedTranscriptLine[];
  readonly issues: CsvIssue[];
  readonly options: TranscriptImportOptions;
};

function malformed(c: Collector, row: number, skipKey: MessageKey, refuseKey: MessageKey): void {
  const skipping = c.options.skipMalformedLines === true;
  c.issues.push(
    csvIssue(skipping ? 'line-skipped' : 'malformed-line', skipping ? skipKey : refuseKey, row, {
      n: row,
    }),
  );
}

function addLine(
  c: Collector,
  row: number,
  rawSpeaker: string,
  text: string,
  translations: Partial<Record<TranslationLanguage, string | null>> = {},
): void {
  const speaker = toSpeaker(rawSpeaker);
  if (speaker === null) {
    c.issues.push(
      csvIssue('unknown-speaker', 'csv.rowUnknownSpeaker', row, { n: row, value: rawSpeaker }),
    );
    return;
  }
  const line: Record<string, unknown> = {
    row,
    line_number: c.items.length + 1,
    speaker,
    text_content: text,
  };
  for (const language of TRANSLATION_LANGUAGES) {
    if (language in translations) {
      line[LINE_TRANSLATION_COLUMN[language]] = translations[language] ?? null;
    }
  }
  c.items.push(line as ImportedTranscriptLine);
}

function readColonLines(text: string, c: Collector): void {
  normaliseNewlines(text)
    .split('\n')
    .forEach((raw, index) => {
      const row = index + 1;
      if (raw.trim() === '') return;
      const colon = raw.indexOf(':');
      const speaker = colon < 0 ? '' : raw.slice(0, colon).trim();
      const content = colon < 0 ? '' : raw.slice(colon + 1).trim();
      if (speaker === '' || content === '') {
        malformed(c, row, 'transcript.lineSkipped', 'transcript.lineExpected');
        return;
      }
      if (!checkRecordText({ row, cells: [raw] }, c.issues)) return;
      addLine(c, row, stripSurroundingQuotes(speaker), content);
    });
}

function readHeaderCsv(
  header: CsvRecord,
  data: readonly CsvRecord[],
  delimiter: Delimiter,
  c: Collector,
): boolean {
  const names = header.cells.map(headerName);
  const speakerAt = names.indexOf('speaker');
  const textAt = TEXT_COLUMNS.map((n) => names.indexOf(n)).find((i) => i >= 0) ?? -1;
  const missing = [...(speakerAt < 0 ? ['speaker'] : []), ...(textAt < 0 ? ['line'] : [])];
  if (missing.length > 0) {
    checkRecordText(header, c.issues);
    c.issues.push(
      csvIssue('missing-columns', 'csv.missingColumns', header.row, {
        columns: missing.join(', '),
      }),
    );
    return false;
  }
  const translationAt = TRANSLATION_LANGUAGES.map(
    (l) => [l, names.indexOf(LINE_TRANSLATION_COLUMN[l])] as const,
  ).filter(([, i]) => i >= 0);
  const textIsLast = textAt === names.length - 1;
  for (const record of data) {
    if (!checkRecordText(record, c.issues)) continue;
    const extra = record.cells.slice(names.length);
    if (extra.some((cell) => cell.trim() !== '') && !textIsLast) {
      // An unquoted comma would shift every later column: refuse rather than guess.
      c.issues.push(
        csvIssue('malformed-line', 'csv.rowExtraCells', record.row, {
          n: record.row,
          count: record.cells.length,
          columns: names.length,
        }),
      );
      continue;
    }
    const speaker = cleanCell(record.cells[speakerAt]);
    // With the text last, as in the spec's 'speaker,text', unquoted commas stay in the text.
    const text = cleanCell(
      textIsLast ? record.cells.slice(textAt).join(delimiter) : record.cells[textAt],
    );
    if (speaker === '' || text === '') {
      if (c.options.skipMalformedLines) {
        malformed(c, record.row, 'csv.rowSkippedSpeakerText', 'csv.rowExpectedSpeakerText');
      } else {
        const fields = [...(speaker === '' ? ['speaker'] : []), ...(text === '' ? ['line'] : [])];
        c.issues.push(
          csvIssue('missing-cells', 'csv.rowMissing', record.row, {
            n: record.row,
            fields: fields.join(', '),
          }),
        );
      }
      continue;
    }
    const translations: Partial<Record<TranslationLanguage, string | null>> = {};
    for (const [language, at] of translationAt) {
      translations[language] = storedTranslation(record.cells[at]);
    }
    addLine(c, record.row, speaker, text, translations);
  }
  return true;
}

function readPlainCsv(records: readonly CsvRecord[], delimiter: Delimiter, c: Collector): void {
  for (const record of records) {
    // Only the first delimiter separates speaker and text: unquoted commas stay in the text.
    const speaker = stripSurroundingQuotes(cleanCell(record.cells[0]));
    const text =
      record.cells.length < 2
        ? ''
        : stripSurroundingQuotes(cleanCell(record.cells.slice(1).join(delimiter)));
    if (speaker === '' || text === '') {
      malformed(c, record.row, 'csv.rowSkippedSpeakerText', 'csv.rowExpectedSpeakerText');
      continue;
    }
    if (!checkRecordText(record, c.issues)) continue;
    addLine(c, record.row, speaker, text);
  }
}

/**
 * Reads a transcript in any of its three formats from bytes (UTF-8, UTF-16, Windows-1250 or
 * Windows-1252, see decodeTextStrict) or text, NFC-normalised, speakers checked against the
 * voices the database accepts. Never a partial transcript: when any problem refuses the file,
 * `items` is empty and `issues` names every problem by row. Only lines skipped under
 * `skipMalformedLines` leave the rest standing (and are reported).
 */
export function readTranscript(
  input: CsvInput,
  options: TranscriptImportOptions = {},
): TranscriptImport {
  const decoded = decodeTextStrict(input);
  if (!decoded.ok) {
    return {
      items: [],
      issues: [csvIssue('unknown-encoding', 'csv.unknownEncoding', null)],
      format: null,
      encoding: null,
      translations: [],
    };
  }
  const text = decoded.text.normalize('NFC');
  const c: Collector = { items: [], issues: [], options };
  let format: TranscriptFormat;
  let translations: TranslationLanguage[] = [];
  let headerOk = true;
  let hadData = true;
  if (isColonLine(firstContentLine(text))) {
    format = 'speaker-colon';
    readColonLines(text, c);
  } else {
    const delimiter = detectDelimiter(text);
    const records = readRecords(text, delimiter).filter((r) => !isBlankRecord(r));
    const [first, ...rest] = records;
    const names = first ? first.cells.map(headerName) : [];
    if (first && names.some((n) => KNOWN_COLUMNS.has(n))) {
      format = 'csv-header';
      translations = TRANSLATION_LANGUAGES.filter((l) =>
        names.includes(LINE_TRANSLATION_COLUMN[l]),
      );
      hadData = rest.length > 0;
      headerOk = readHeaderCsv(first, rest, delimiter, c);
    } else {
      format = 'csv';
      hadData = records.length > 0;
      readPlainCsv(records, delimiter, c);
    }
  }
  if (headerOk && c.items.length === 0 && !c.issues.some(isBlockingTranscriptIssue)) {
    if (!hadData && !options.skipMalformedLines) {
      c.issues.push(csvIssue('no-data-rows', 'csv.headerAndRows', null));
    } else {
      const key = options.pasted ? 'csv.noTranscriptLinesPasted' : 'csv.noTranscriptLinesFile';
      c.issues.push(csvIssue('no-transcript-lines', key, null));
    }
  }
  const refused = c.issues.some(isBlockingTranscriptIssue);
  return {
    items: refused ? [] : c.items,
    issues: c.issues,
    format,
    encoding: decoded.encoding,
    translations,
  };
}
