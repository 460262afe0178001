/** The part of a lesson that ordering needs. */
export type NumberedLesson = { readonly id: string; readonly lesson_number: number | null };

/** The progress flags the unlock rule reads (user_lesson_progress). */
export type LessonProgressFlags = {
  readonly lesson_id: string;
  readonly audio_completed: boolean;
  readonly flashcard_passed: boolean;
  readonly is_completed: boolean;
};

export type LessonStatus = 'locked' | 'open' | 'complete';

/** Lessons by lesson_number ascending; lessons without a number go last, in their given order. */
export function sortByLessonNumber<T extends NumberedLesson>(lessons: readonly T[]): T[] {
  return [...lessons].sort((a, b) => {
    if (a.lesson_number === b.lesson_number) return 0;
    if (a.lesson_number === null) return 1;
    if (b.lesson_number === null) return -1;
    return a.lesson_number - b.lesson_number;
  });
}

function finished(progress: LessonProgressFlags | undefined): boolean {
  return progress !== undefined && progress.audio_completed && progress.flashcard_passed;
}

/**
 * The dashboard's sequential unlock. In lesson_number order, the first lesson is open and every
 * other lesson is open when the lesson before it in that order has audio_completed and
 * flashcard_passed. "Before it" is the previous lesson in the list, not number − 1, so gaps in
 * the numbering (1, 2, 5) do not lock everything after the gap. A completed lesson shows as
 * complete even if an earlier one was reset.
 */
export function lessonStatuses<T extends NumberedLesson>(
  lessons: readonly T[],
  progress: readonly LessonProgressFlags[],
): { lesson: T; status: LessonStatus }[] {
  const byLesson = new Map(progress.map((p) => [p.lesson_id, p]));
  const sorted = sortByLessonNumber(lessons);
  return sorted.map((lesson, index) => {
    const own = byLesson.get(lesson.id);
    const previous = index === 0 ? undefined : sorted[index - 1];
    const unlocked = previous === undefined || finished(byLesson.get(previous.id));
    const status: LessonStatus = own?.is_completed ? 'complete' : unlocked ? 'open' : 'locked';
    return { lesson, status };
  });
}

/** Whether a learner may open a lesson (its status is not locked). Unknown ids are locked. */
export function isLessonUnlocked(
  lessons: readonly NumberedLesson[],
  progress: readonly LessonProgressFlags[],
  lessonId: string,
): boolean {
  const entry = lessonStatuses(lessons, progress).find((s) => s.lesson.id === lessonId);
  return entry !== undefined && entry.status !== 'locked';
}

/** The lesson after `lessonId` in lesson_number order, for 'Continue to Lesson {n}'. */
export function nextLesson<T extends NumberedLesson>(
  lessons: readonly T[],
  lessonId: string,
): T | undefined {
  const sorted = sortByLessonNumber(lessons);
  const index = sorted.findIndex((l) => l.id === lessonId);
  return index < 0 ? undefined : sorted[index + 1];
}
