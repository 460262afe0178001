import { message, type Message, type Rendered } from '../messages/index.ts';
import type { MessageParams } from '../messages/index.ts';

/** CSV content as read from a file (bytes, any supported encoding) or as typed/pasted text. */
export type CsvInput = Uint8Array | string;

/** Machine-readable reasons a CSV row or file is reported. */
export type CsvIssueCode =
  | 'no-data-rows'
  | 'missing-columns'
  | 'missing-cells'
  | 'invalid-difficulty'
  | 'not-utf8'
  | 'mojibake'
  | 'no-transcript-lines'
  | 'line-skipped'
  | 'unknown-encoding'
  | 'unknown-speaker'
  | 'malformed-line';

/**
 * One problem found in a CSV. `row` is the 1-based record number in the file, the header being
 * row 1 (the row number a spreadsheet shows); `null` when the issue concerns the whole file.
 */
export type CsvIssue = Message &
  Rendered & {
    readonly code: CsvIssueCode;
    readonly row: number | null;
  };

/** Batch result: every valid item plus every issue; parsing never stops at the first bad row. */
export type CsvResult<T> = {
  readonly items: T[];
  readonly issues: CsvIssue[];
};

export function csvIssue(
  code: CsvIssueCode,
  key: Message['key'],
  row: number | null,
  params?: MessageParams,
): CsvIssue {
  return { code, ...message(key, params), row };
}
