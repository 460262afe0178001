import { studioMessage } from '../../../shared/messages.ts';
import type { PublishRequest } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonComparison, LinkedLesson } from './lesson-compare.ts';
import { choicesFor, compareLesson } from './lesson-compare.ts';
import { readServerLesson } from './server-rows.ts';
import type { StudioClient } from './session.ts';
import { takeServerChoices } from './take-server.ts';

export type LessonPlan =
  | { readonly blocked: string }
  | {
      readonly blocked: null;
      readonly lesson: LinkedLesson;
      readonly comparison: LessonComparison;
      readonly isPublished: boolean;
    };

/**
 * Decides, before anything of the lesson is sent, what publishing it will do. It reads the
 * server's lesson and compares it with the studio's last publish: a change made on the server
 * that the author has not chosen for, or "As draft" for a live lesson without the author's
 * confirmation, keeps the lesson from being sent. Otherwise the server values the author took
 * go into the draft, and the comparison is made again with them: what is left to send is what
 * the author changed, or chose to keep.
 */
export async function planLesson(
  store: DraftsStore,
  client: StudioClient,
  lesson: LinkedLesson,
  request: PublishRequest,
): Promise<LessonPlan> {
  const snapshot = await readServerLesson(client, lesson.remote_id);
  const choiceOf = choicesFor(lesson.id, request.choices);
  const first = compareLesson(store, client, lesson, snapshot, choiceOf);
  if (first.unresolved > 0) {
    return { blocked: studioMessage('lesson-blocked-server-changes', { n: first.unresolved }) };
  }
  const live = snapshot.lesson?.is_published ?? false;
  const isPublished = request.status === 'keep' ? live : request.status === 'published';
  if (live && !isPublished && !request.confirmUnpublish) {
    return { blocked: studioMessage('lesson-blocked-unpublish') };
  }
  const taken = takeServerChoices(store, lesson, first);
  if (taken.forget) return { blocked: studioMessage('lesson-forgotten') };
  const updated = store.lessons.get(lesson.id);
  if (!updated?.remote_id) return { blocked: studioMessage('not-found') };
  const linked = { ...updated, remote_id: updated.remote_id };
  const comparison = compareLesson(store, client, linked, snapshot, choiceOf, taken);
  if (comparison.unresolved > 0) {
    return {
      blocked: studioMessage('lesson-blocked-server-changes', { n: comparison.unresolved }),
    };
  }
  return { blocked: null, lesson: linked, comparison, isPublished };
}
