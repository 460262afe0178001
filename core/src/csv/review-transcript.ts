import { decodeCsvText } from './decode.ts';
import { cleanCell, isBlankRecord, readRecords, type Delimiter } from './records.ts';
import { checkRecordText } from './table.ts';
import { csvIssue, type CsvInput, type CsvIssue, type CsvResult } from './types.ts';

/** A transcript line as stored in lesson_transcript (timings are added by the lessons domain). */
export type TranscriptLine = {
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
};

/** A parsed line plus the file row it came from. */
export type ParsedTranscriptLine = TranscriptLine & { readonly row: number };

/** Removes one pair of surrounding double quotes ('"Szia!"' → 'Szia!'), as the spec asks. */
export function stripSurroundingQuotes(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/""/g, '"').trim();
  }
  return value;
}

// The review page reads 'speaker,text' lines; a header 'speaker;text' or 'speaker<TAB>text'
// switches the delimiter so spreadsheet exports in other locales work too.
function delimiterOf(text: string): Delimiter {
  const head = /^\s*"?speaker"?\s*([;\t])/i.exec(text);
  return head?.[1] === ';' ? ';' : head?.[1] === '\t' ? '\t' : ',';
}

function parseReviewTranscript(input: CsvInput, pasted: boolean): CsvResult<ParsedTranscriptLine> {
  const issues: CsvIssue[] = [];
  const { text } = decodeCsvText(input);
  const records = readRecords(text, delimiterOf(text));
  const items: ParsedTranscriptLine[] = [];
  let first = true;
  for (const record of records) {
    if (isBlankRecord(record)) continue;
    const isFirst = first;
    first = false;
    const speakerCell = stripSurroundingQuotes(cleanCell(record.cells[0]));
    if (isFirst && speakerCell.toLowerCase().startsWith('speaker')) continue;
    // A line needs a delimiter between speaker and text; unquoted commas inside the text split
    // it into more cells, which are joined back: only the first comma separates.
    if (record.cells.length < 2) continue;
    if (!checkRecordText(record, issues)) continue;
    const speaker = speakerCell.toLowerCase();
    const textContent = stripSurroundingQuotes(cleanCell(record.cells.slice(1).join(',')));
    if (speaker === '' || textContent === '') continue;
    items.push({
      row: record.row,
      line_number: items.length + 1,
      speaker,
      text_content: textContent,
    });
  }
  if (items.length === 0) {
    const key = pasted ? 'csv.noTranscriptLinesPasted' : 'csv.noTranscriptLinesFile';
    issues.push(csvIssue('no-transcript-lines', key, null));
  }
  return { items, issues };
}

/** The review page's 'Upload CSV File': 'speaker,text' lines from a file. */
export function parseTranscriptFile(input: CsvInput): CsvResult<ParsedTranscriptLine> {
  return parseReviewTranscript(input, false);
}

/** The review page's 'Paste Content' dialog: the same format as typed or pasted text. */
export function parseTranscriptPaste(text: string): CsvResult<ParsedTranscriptLine> {
  return parseReviewTranscript(text, true);
}
