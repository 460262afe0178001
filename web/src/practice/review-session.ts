// The mixed review's cards: every due item of every skill and today's new items, built into
// cards and ordered by core (due first, most overdue first, new ones within the day's limit,
// one word's skills apart, skills mixed), cut to the session length the learner picked.
import { mulberry32 } from '@magyarul/core/flashcards';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { mixedSession } from '@magyarul/core/practice';
import type { SessionSize } from '@magyarul/core/practice';
import type { LessonRow } from '../lib/database.ts';
import { practiceCards } from './practice-cards.ts';
import type { PracticeCard, PracticeRow } from './practice-cards.ts';

export type ReviewItems = {
  readonly rows: readonly PracticeRow[];
  /** The lessons of the line items, as this device reads them (a download's own copies). */
  readonly lessons: ReadonlyMap<string, Pick<LessonRow, 'audio_url' | 'slow_audio_url'>>;
};

export function reviewCards(
  items: ReviewItems,
  options: {
    readonly size: SessionSize;
    readonly language: MeaningLanguage;
    readonly backendUrl: string;
    readonly now: Date;
    readonly seed: number;
  },
): PracticeCard[] {
  const cards = practiceCards(items.rows, {
    language: options.language,
    backendUrl: options.backendUrl,
    random: mulberry32(options.seed),
    lessonAudio: items.lessons,
  });
  const due = cards.filter((card) => card.due !== null);
  const fresh = cards.filter((card) => card.due === null);
  return mixedSession(due, fresh, {
    size: options.size,
    newAllowed: fresh.length,
    now: options.now,
  });
}

/** How many of the items are due now and how many are new today. */
export function reviewCounts(rows: readonly PracticeRow[]): { due: number; fresh: number } {
  const fresh = rows.filter((row) => row.is_new).length;
  return { due: rows.length - fresh, fresh };
}
