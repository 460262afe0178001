import { missingCells, readTable } from './table.ts';
import type { CsvInput, CsvResult } from './types.ts';
import { restoreFormulaCell, toCsv } from './write.ts';

export const FEEDBACK_CSV_COLUMNS = [
  'Date',
  'Type',
  'Title',
  'Description',
  'Status',
  'Page URL',
] as const;

/** The user_feedback fields the export writes. */
export type FeedbackExportRow = {
  readonly created_at: string;
  readonly feedback_type: string;
  readonly title: string;
  readonly description: string;
  readonly status: string;
  readonly page_url: string | null;
};

export type FeedbackExportOptions = {
  /** How the Date column shows created_at; by default the stored ISO timestamp as is. */
  readonly formatDate?: (createdAt: string) => string;
};

/**
 * The feedback inbox's Export CSV: columns Date, Type, Title, Description, Status, Page URL,
 * RFC 4180 quoting, a UTF-8 BOM for Excel, and formula-looking cells neutralised because the
 * texts are written by any signed-in user.
 */
export function feedbackToCsv(
  rows: readonly FeedbackExportRow[],
  options: FeedbackExportOptions = {},
): string {
  const formatDate = options.formatDate ?? ((createdAt: string) => createdAt);
  return toCsv(
    [
      FEEDBACK_CSV_COLUMNS,
      ...rows.map((r) => [
        formatDate(r.created_at),
        r.feedback_type,
        r.title,
        r.description,
        r.status,
        r.page_url ?? '',
      ]),
    ],
    { bom: true, neutraliseFormulas: true },
  );
}

/** 'feedback-export-2026-11-21.csv': the date of `now` in `timeZone` (default UTC). */
export function feedbackExportFileName(now: Date, timeZone = 'UTC'): string {
  // en-CA formats dates as YYYY-MM-DD.
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `feedback-export-${date}.csv`;
}

const columnKeys = ['date', 'type', 'title', 'description', 'status', 'page url'] as const;

/** Reads an exported feedback CSV back (for re-import and for the round-trip tests). */
export function parseFeedbackCsv(input: CsvInput): CsvResult<FeedbackExportRow & { row: number }> {
  const { rows, issues } = readTable(input, columnKeys);
  const items: (FeedbackExportRow & { row: number })[] = [];
  for (const row of rows) {
    // Date, Type, Title and Description are required; Status and Page URL may be empty.
    const missing = missingCells(row, columnKeys, 4);
    if (missing) {
      issues.push(missing);
      continue;
    }
    const [createdAt, type, title, description, status, pageUrl] = row.values.map((v) =>
      restoreFormulaCell(v).trim(),
    );
    items.push({
      row: row.row,
      created_at: createdAt ?? '',
      feedback_type: type ?? '',
      title: title ?? '',
      description: description ?? '',
      status: status ?? '',
      page_url: pageUrl ? pageUrl : null,
    });
  }
  return { items, issues };
}
