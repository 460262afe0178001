const DAY_MS = 86_400_000;

/** 'Recently Modified' on the QA tab and 'Active (7d)' on the Users tab. */
export const RECENT_WINDOW_DAYS = 7;

/** Within the last 7 days of `now` (a timestamp slightly in the future counts as recent). */
export function isWithinDays(
  at: Date | string | null | undefined,
  now: Date,
  days = RECENT_WINDOW_DAYS,
): boolean {
  if (at === null || at === undefined) return false;
  const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
  return Number.isFinite(ms) && now.getTime() - ms <= days * DAY_MS;
}

export type QaFilter = 'all' | 'draft' | 'published' | 'recent';

export type QaLesson = {
  readonly lesson_number: number | null;
  readonly title: string;
  readonly is_published: boolean;
  readonly updated_at: Date | string | null;
};

/** The QA tab's filter tabs: All Lessons, Draft, Published, Recently Modified (7 days). */
export function filterQaLessons<T extends QaLesson>(
  lessons: readonly T[],
  filter: QaFilter,
  now: Date,
): T[] {
  switch (filter) {
    case 'all':
      return [...lessons];
    case 'draft':
      return lessons.filter((l) => !l.is_published);
    case 'published':
      return lessons.filter((l) => l.is_published);
    case 'recent':
      return lessons.filter((l) => isWithinDays(l.updated_at, now));
  }
}

/** The 'Draft Lessons' and 'Published' counts. */
export function qaCounts(lessons: readonly QaLesson[]): { drafts: number; published: number } {
  const published = lessons.filter((l) => l.is_published).length;
  return { drafts: lessons.length - published, published };
}

/** A QA row title: 'Lesson {number}: {title}', or the bare title without a number. */
export function qaLessonTitle(lesson: Pick<QaLesson, 'lesson_number' | 'title'>): string {
  return lesson.lesson_number === null
    ? lesson.title
    : `Lesson ${lesson.lesson_number}: ${lesson.title}`;
}
