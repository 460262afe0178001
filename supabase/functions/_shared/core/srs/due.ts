// Generated from core/src/srs/due.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { localDay, startOfLocalDay } from './local-day.ts';

export const DUE_WORDS_LIMIT = 20;

export type DueOptions = {
  readonly limit?: number;
  /** false keeps only words that fell due during the learner's current day. Default true. */
  readonly includeOverdue?: boolean;
  /** Needed when includeOverdue is false, to know where today starts. Default 'UTC'. */
  readonly timeZone?: string;
  readonly cutoffHour?: number;
};

/**
 * Words whose due time has come (due ≤ now), most overdue first, at most `limit`. Ties keep the
 * input order, so a caller's secondary order (e.g. lesson order) survives.
 */
export function selectDueWords<T extends { readonly due: Date }>(
  items: readonly T[],
  now: Date,
  options: DueOptions = {},
): T[] {
  const { limit = DUE_WORDS_LIMIT, includeOverdue = true, timeZone = 'UTC', cutoffHour } = options;
  const nowMs = now.getTime();
  const fromMs = includeOverdue
    ? Number.NEGATIVE_INFINITY
    : startOfLocalDay(localDay(now, timeZone, cutoffHour), timeZone, cutoffHour).getTime();
  return items
    .filter((item) => item.due.getTime() <= nowMs && item.due.getTime() >= fromMs)
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .slice(0, Math.max(0, limit));
}
