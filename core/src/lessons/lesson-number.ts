import { message, type Message, type Rendered } from '../messages/index.ts';

/** The duplicate check runs this long after typing stops. */
export const LESSON_NUMBER_CHECK_DELAY_MS = 500;

/**
 * The lesson number typed in a form: digits only (surrounding spaces allowed). Anything else,
 * including '', '3.5', '-1' or '2a', clears the number (null). '0' parses; the form's own rule
 * ('Required positive integer') rejects it.
 */
export function parseLessonNumber(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

export type NumberedTitledLesson = {
  readonly id: string;
  readonly lesson_number: number | null;
  readonly title: string;
  readonly is_published: boolean;
};

/** Another lesson (not `excludeId`) that already has `lessonNumber`, if any. */
export function findDuplicateLesson<T extends NumberedTitledLesson>(
  lessons: readonly T[],
  lessonNumber: number | null,
  excludeId?: string,
): T | undefined {
  if (lessonNumber === null) return undefined;
  return lessons.find((l) => l.lesson_number === lessonNumber && l.id !== excludeId);
}

/**
 * 'This lesson number already exists (Published: "Greetings")': the warning's key with the
 * title, and `status`, the message the app renders into its {status} placeholder.
 */
export type DuplicateLessonWarning = Message & Rendered & { readonly status: Message };

export function duplicateLessonWarning(
  lesson: Pick<NumberedTitledLesson, 'title' | 'is_published'>,
): DuplicateLessonWarning {
  const status = message(lesson.is_published ? 'lesson.status.published' : 'lesson.status.draft');
  return {
    ...message('lessonNumber.duplicate', { status: status.message, title: lesson.title }),
    params: { title: lesson.title },
    status,
  };
}

/** The create dialog's preset: highest existing number plus 1, or 1 when none or the read failed. */
export function nextLessonNumber(highest: number | null | undefined): number {
  return typeof highest === 'number' && Number.isFinite(highest) ? Math.floor(highest) + 1 : 1;
}
