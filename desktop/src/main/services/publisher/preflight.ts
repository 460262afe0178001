import { checkLesson, lessonLabel } from '../../../shared/checks.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { CheckIssue, LessonCheck, LessonConflict } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { StudioClient } from './session.ts';

type ServerLesson = {
  id: string;
  title: string;
  lesson_number: number | null;
  is_published: boolean;
};

/** Every lesson the server has, with its number (an admin reads them all, drafts included). */
export async function serverLessons(client: StudioClient): Promise<ServerLesson[]> {
  const result = await client.from('lessons').select('id, title, lesson_number, is_published');
  if (result.error) throw new Error(result.error.message);
  return result.data;
}

/**
 * What the studio's list says of each lesson linked to the server becomes what the server says
 * now: live, draft, or (deleted there) not on the server.
 */
export function recordServerStatus(store: DraftsStore, onServer: readonly ServerLesson[]): void {
  const byId = new Map(onServer.map((lesson) => [lesson.id, lesson]));
  store.db.transaction(() => {
    for (const lesson of store.lessons.list()) {
      if (lesson.remoteId === null) continue;
      const row = byId.get(lesson.remoteId);
      const status = row ? (row.is_published ? 'published' : 'draft') : null;
      if (status !== lesson.publishedStatus) store.lessons.setServerStatus(lesson.id, status);
    }
  });
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
      return {
        lessonId,
        label: `Lesson ${lessonId}`,
        issues: [],
        conflict: null,
        server: null,
        changes: [],
      };
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
      // Filled in by checkBeforePublish once it has read the server's lesson.
      server: null,
      changes: [],
    };
  });
}

export function takenNumbers(onServer: readonly ServerLesson[]): number[] {
  return onServer
    .flatMap((lesson) => (lesson.lesson_number === null ? [] : [lesson.lesson_number]))
    .sort((a, b) => a - b);
}
