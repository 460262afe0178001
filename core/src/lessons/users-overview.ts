import { isWithinDays } from './qa-filter.ts';

export type LessonProgressRow = {
  readonly user_id: string;
  readonly is_completed: boolean;
  readonly flashcard_accuracy: number | null;
  readonly updated_at: Date | string | null;
};

export type VocabularyProgressRow = {
  readonly user_id: string;
  readonly vocabulary_id: string;
  readonly times_seen: number;
  /** Optional: rows from the FSRS table carry last_review, which counts as activity. */
  readonly last_review?: Date | string | null;
};

export type UserOverview = {
  readonly userId: string;
  readonly lessonsCompleted: number;
  /** Distinct words seen at least once. */
  readonly wordsReviewed: number;
  /** Rounded mean of the completed lessons' flashcard_accuracy, null without any. */
  readonly avgAccuracy: number | null;
  readonly lastActivity: Date | null;
  readonly active: boolean;
};

export type UsersStats = {
  readonly totalUsers: number;
  /** Users with activity within the last 7 days. */
  readonly active7d: number;
  /** Rounded mean over users of the share of published lessons completed, in percent. */
  readonly avgCompletion: number;
  /** Rounded mean of the users' accuracies (users without one left out), 0 when none. */
  readonly avgAccuracy: number;
};

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isFinite(date.getTime()) ? date : null;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

type Builder = { completed: number; accuracies: number[]; words: Set<string>; last: Date | null };

/**
 * The Users tab: users derived from completed lesson progress and vocabulary progress (seen
 * words), one row per user sorted by last activity (newest first), plus the four stat cards.
 * `publishedLessons` is the number of published lessons, the denominator of completion.
 */
export function usersOverview(
  lessonRows: readonly LessonProgressRow[],
  vocabularyRows: readonly VocabularyProgressRow[],
  publishedLessons: number,
  now: Date,
): { users: UserOverview[]; stats: UsersStats } {
  const builders = new Map<string, Builder>();
  const get = (userId: string): Builder => {
    let b = builders.get(userId);
    if (!b) {
      b = { completed: 0, accuracies: [], words: new Set(), last: null };
      builders.set(userId, b);
    }
    return b;
  };
  const touch = (b: Builder, at: Date | null) => {
    if (at && (!b.last || at > b.last)) b.last = at;
  };
  for (const row of lessonRows) {
    if (!row.is_completed) continue;
    const b = get(row.user_id);
    b.completed++;
    if (typeof row.flashcard_accuracy === 'number') b.accuracies.push(row.flashcard_accuracy);
    touch(b, toDate(row.updated_at));
  }
  for (const row of vocabularyRows) {
    if (row.times_seen <= 0) continue;
    const b = get(row.user_id);
    b.words.add(row.vocabulary_id);
    touch(b, toDate(row.last_review));
  }

  const users: UserOverview[] = [...builders].map(([userId, b]) => {
    const accuracy = mean(b.accuracies);
    return {
      userId,
      lessonsCompleted: b.completed,
      wordsReviewed: b.words.size,
      avgAccuracy: accuracy === null ? null : Math.round(accuracy),
      lastActivity: b.last,
      active: isWithinDays(b.last, now),
    };
  });
  users.sort((a, b) => (b.lastActivity?.getTime() ?? 0) - (a.lastActivity?.getTime() ?? 0));

  const completion = mean(
    users.map((u) =>
      publishedLessons > 0 ? Math.min(1, u.lessonsCompleted / publishedLessons) : 0,
    ),
  );
  const accuracy = mean(users.flatMap((u) => (u.avgAccuracy === null ? [] : [u.avgAccuracy])));
  return {
    users,
    stats: {
      totalUsers: users.length,
      active7d: users.filter((u) => u.active).length,
      avgCompletion: Math.round((completion ?? 0) * 100),
      avgAccuracy: Math.round(accuracy ?? 0),
    },
  };
}

/** The User ID column: the first 8 characters plus an ellipsis. */
export function shortUserId(userId: string): string {
  return userId.length > 8 ? `${userId.slice(0, 8)}...` : userId;
}

/** The search box ('Search by user ID...'): case-insensitive substring of the user ID. */
export function filterUsersById<T extends { readonly userId: string }>(
  users: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  return q === '' ? [...users] : users.filter((u) => u.userId.toLowerCase().includes(q));
}
