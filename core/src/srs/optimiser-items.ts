// The learner's review log as the FSRS optimiser reads it (fsrs-rs's FSRSItem): per card, every
// review with the whole history before it, each review's distance from the one before in whole
// learner days. The same conversion Anki makes from its revlog before it optimises.
import { Rating } from 'ts-fsrs';
import type { Grade } from 'ts-fsrs';
import { DAY_CUTOFF_HOUR, daysBetween, localDay } from './local-day.ts';

/** One answer of the log: which card (item and skill), the grade and when. */
export type ReviewLogEntry = {
  readonly cardId: string;
  readonly rating: Grade;
  readonly reviewedAt: Date;
};

/** A review inside an item: its grade and the whole days since the review before (0 first). */
export type OptimiserReview = { readonly rating: Grade; readonly deltaT: number };

/** One review to predict, with the card's reviews before it: fsrs-rs's FSRSItem. */
export type OptimiserItem = { readonly reviews: readonly OptimiserReview[] };

/** An item and the time of its last review, which the held-out split goes by. */
export type TimedItem = OptimiserItem & { readonly reviewedAt: Date };

/** A review_log row as stored: one of the item columns set, the skill (default recognition). */
export type ReviewLogRowLike = {
  readonly vocabulary_id?: string | null;
  readonly line_id?: string | null;
  readonly glossary_id?: string | null;
  readonly skill?: string | null;
  readonly rating: number;
  readonly reviewed_at: string;
};

const GRADES: readonly number[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];

/**
 * Log entries from review_log rows: the card is `item:skill`. Rows without an item, with a
 * rating outside 1–4 or an unreadable time are left out (they carry nothing to learn from).
 */
export function reviewLogEntries(rows: readonly ReviewLogRowLike[]): ReviewLogEntry[] {
  const entries: ReviewLogEntry[] = [];
  for (const row of rows) {
    const item = row.vocabulary_id ?? row.line_id ?? row.glossary_id ?? null;
    const reviewedAt = new Date(row.reviewed_at);
    if (item === null || !GRADES.includes(row.rating) || Number.isNaN(reviewedAt.getTime()))
      continue;
    entries.push({
      cardId: `${item}:${row.skill ?? 'recognition'}`,
      rating: row.rating as Grade,
      reviewedAt,
    });
  }
  return entries;
}

export type DayOptions = { readonly timeZone?: string; readonly cutoffHour?: number };

/** A day number for an instant: learner days counted from an arbitrary origin. */
function dayNumber(at: Date, timeZone: string, cutoffHour: number): number {
  if (timeZone === 'UTC') return Math.floor((at.getTime() - cutoffHour * 3_600_000) / 86_400_000);
  return daysBetween('1970-01-01', localDay(at, timeZone, cutoffHour));
}

/**
 * The optimiser's items, in the order of their last review: for each card, each review after
 * the first that came on a later learner day than the one before, with all the card's reviews
 * up to it. Same-day repeats stay inside the histories (delta 0) but are not items themselves,
 * as in Anki's conversion for training.
 */
export function optimiserItems(
  entries: readonly ReviewLogEntry[],
  options: DayOptions = {},
): TimedItem[] {
  const { timeZone = 'UTC', cutoffHour = DAY_CUTOFF_HOUR } = options;
  const byCard = new Map<string, ReviewLogEntry[]>();
  for (const entry of entries) {
    const list = byCard.get(entry.cardId);
    if (list) list.push(entry);
    else byCard.set(entry.cardId, [entry]);
  }
  const items: TimedItem[] = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    const reviews: OptimiserReview[] = [];
    let previousDay = 0;
    list.forEach((entry, index) => {
      const day = dayNumber(entry.reviewedAt, timeZone, cutoffHour);
      const deltaT = index === 0 ? 0 : day - previousDay;
      previousDay = day;
      reviews.push({ rating: entry.rating, deltaT });
      if (index > 0 && deltaT > 0) {
        items.push({ reviews: reviews.slice(), reviewedAt: entry.reviewedAt });
      }
    });
  }
  return items.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
}
