import { checkLesson, lessonLabel } from '../../../shared/checks.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { CheckIssue, LessonCheck, LessonConflict } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { StudioClient } from './session.ts';

type ServerLesson = { id: string; title: string; lesson_number: number | null };

/** Every lesson the server has, with its number (an admin reads them all, drafts included). */
export async function serverLessons(client: StudioClient): Promise<ServerLesson[]> {
  const result = await client.from('lessons').select('id, title, lesson_number');
  if (result.error) throw new Error(result.error.message);
  return (result.data ?? []) as ServerLesson[];
}

/**
 * The checks of each lesson (see checkLesson) and its lesson-number conflict: the server has a
 * lesson with the same number that is not the one this draft publishes to (its remote id). A
 * draft that was never published conflicts with any server lesson of its number.
 */
export function preflight(
  store: DraftsStore,
  lessonIds: readonly number[],
  onServer: readonly ServerLesson[],
): LessonCheck[] {
  const drafts = store.lessons.list();
  return lessonIds.map((lessonId) => {
    const draft = store.getDraft(lessonId);
    if (!draft) {
      return { lessonId, label: `Lesson ${lessonId}`, issues: [], conflict: null };
    }
    const other = onServer.find(
      (lesson) =>
        draft.lessonNumber !== null &&
        lesson.lesson_number === draft.lessonNumber &&
        lesson.id !== draft.remoteId,
    );
    const conflict: LessonConflict | null = other
      ? { remoteId: other.id, title: other.title, lessonNumber: draft.lessonNumber ?? 0 }
      : null;
    // Two drafts with one number would both be sent, and the second refused by the server.
    const twin = drafts.find(
      (other) =>
        other.id !== draft.id &&
        draft.lessonNumber !== null &&
        other.lessonNumber === draft.lessonNumber,
    );
    const duplicate: CheckIssue[] = twin
      ? [
          {
            code: 'check-duplicate-number',
            severity: 'error',
            message: studioMessage('check-duplicate-number', {
              number: draft.lessonNumber ?? '',
              title: twin.title,
            }),
            lineId: null,
            wordId: null,
          },
        ]
      : [];
    return {
      lessonId,
      label: lessonLabel(draft),
      issues: [...duplicate, ...checkLesson(draft)],
      conflict,
    };
  });
}

export function takenNumbers(onServer: readonly ServerLesson[]): number[] {
  return onServer
    .flatMap((lesson) => (lesson.lesson_number === null ? [] : [lesson.lesson_number]))
    .sort((a, b) => a - b);
}
