// Generated from core/src/srs/rows.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import type { CardState, WordProgress } from './progress.ts';
import type { ReviewLogRecord } from './review.ts';

/**
 * WordProgress as a database row or JSON body carries it: timestamps as ISO strings. The edge
 * functions and the web read rows in this shape and convert at the boundary.
 */
export type WordProgressRow = Omit<WordProgress, 'due' | 'last_review'> & {
  readonly due: string;
  readonly last_review: string | null;
};

export type ReviewLogRow = Omit<ReviewLogRecord, 'due' | 'review'> & {
  readonly due: string;
  readonly review: string;
};

const states: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];

function parseTime(value: string, field: string): Date {
  const date = new Date(value);
  if (!Number.isFinite(date.getTime())) throw new Error(`Invalid ${field} timestamp: ${value}`);
  return date;
}

/** Reads a stored row; throws on an unknown state or an unparseable timestamp. */
export function wordProgressFromRow(row: WordProgressRow): WordProgress {
  if (!states.includes(row.state)) throw new Error(`Invalid card state: ${String(row.state)}`);
  return {
    ...row,
    due: parseTime(row.due, 'due'),
    last_review: row.last_review === null ? null : parseTime(row.last_review, 'last_review'),
  };
}

export function wordProgressToRow(progress: WordProgress): WordProgressRow {
  return {
    ...progress,
    due: progress.due.toISOString(),
    last_review: progress.last_review?.toISOString() ?? null,
  };
}

export function reviewLogToRow(log: ReviewLogRecord): ReviewLogRow {
  return { ...log, due: log.due.toISOString(), review: log.review.toISOString() };
}
