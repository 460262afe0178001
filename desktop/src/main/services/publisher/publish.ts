import type { WordAnalyser } from './token-step.ts';
import { randomUUID } from 'node:crypto';
import { errorsOf, warningsOf } from '../../../shared/checks.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type {
  LessonCheck,
  PublishCheckReport,
  PublishCheckRequest,
  PublishItem,
  PublishProgress,
  PublishReport,
  PublishRequest,
} from '../../../shared/model.ts';
import type { Logger } from '../../dispatch.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import type { LinkedLesson } from './lesson-compare.ts';
import { compareLesson } from './lesson-compare.ts';
import type { Step } from './lesson-steps.ts';
import { lessonSteps, removeOrphanedUploads } from './lesson-steps.ts';
import { planLesson } from './lesson-plan.ts';
import { preflight, recordServerStatus, serverLessons, takenNumbers } from './preflight.ts';
import { errorText } from './results.ts';
import { readServerLesson, stateOf } from './server-rows.ts';
import { openSession } from './session.ts';

export { AUDIO_BUCKET } from './lesson-steps.ts';

export type PublishDeps = {
  readonly onProgress: (progress: PublishProgress) => void;
  readonly log: Logger;
  /** hunspell's readings of words (the spelling thread): lines' proposed dictionary forms. */
  readonly analyse?: WordAnalyser['analyse'];
};

/**
 * Signs in (after the URL and admin checks of openSession) and reports, per lesson, what the
 * checks found, whether its number is taken on the server, and, for a lesson the server has,
 * its state there (live or draft) and every row changed there since the studio's last publish.
 * Nothing is sent; the studio's list learns each linked lesson's real state on the server.
 */
export async function checkBeforePublish(
  store: DraftsStore,
  request: PublishCheckRequest,
): Promise<PublishCheckReport> {
  const session = await openSession(request, store.settings);
  try {
    const onServer = await serverLessons(session.client);
    recordServerStatus(store, onServer);
    const lessons: LessonCheck[] = [];
    for (const check of preflight(store, request.lessonIds, onServer)) {
      const lesson = store.lessons.get(check.lessonId);
      if (!lesson?.remote_id) {
        lessons.push(check);
        continue;
      }
      const linked: LinkedLesson = { ...lesson, remote_id: lesson.remote_id };
      const snapshot = await readServerLesson(session.client, linked.remote_id);
      const { changes } = compareLesson(store, session.client, linked, snapshot, () => null);
      lessons.push({ ...check, server: stateOf(snapshot), changes });
    }
    return { lessons, takenNumbers: takenNumbers(onServer) };
  } finally {
    await session.close();
  }
}

/** Why a lesson is not sent at all, or null when it may go. */
function blockReason(check: LessonCheck, acceptWarnings: boolean): string | null {
  const errors = errorsOf(check.issues).length;
  if (errors > 0) return studioMessage('lesson-blocked-errors', { n: errors });
  if (check.conflict) {
    return studioMessage('lesson-blocked-conflict', {
      number: check.conflict.lessonNumber,
      title: check.conflict.title,
    });
  }
  const warnings = warningsOf(check.issues).length;
  if (warnings > 0 && !acceptWarnings) {
    return studioMessage('lesson-blocked-warnings', { n: warnings });
  }
  return null;
}

/** A duplicate lesson number the server refused, said the way the author can act on. */
function explain(error: string, lesson: LessonRow): string {
  if (/lessons_lesson_number_key|duplicate key/i.test(error) && lesson.lesson_number !== null) {
    return studioMessage('lesson-number-taken', { number: lesson.lesson_number });
  }
  return error;
}

type Plan = {
  readonly check: LessonCheck;
  readonly lesson: LinkedLesson | null;
  readonly steps: Step[] | null;
  readonly blocked: string | null;
};

/**
 * Publishes the chosen drafts. First, before any byte is sent: sign-in, admin role, and for
 * each lesson its checks, lesson-number conflict and the server's rows (planLesson): a lesson
 * with errors, a conflict, warnings the author did not accept, server changes the author has not
 * chosen for, or an unconfirmed unpublish is blocked and nothing of it is uploaded. The others
 * are sent item by item, each writing only what changed; a failing item fails the rest of its
 * lesson (they depend on it) but not other lessons, and audio uploaded for a lesson whose row
 * never reached the server is removed. Running it again after any failure finishes the job:
 * nothing already sent is sent twice.
 */
export async function publishLessons(
  store: DraftsStore,
  request: PublishRequest,
  deps: PublishDeps,
): Promise<PublishReport> {
  const session = await openSession(request, store.settings);
  const { client } = session;
  try {
    const onServer = await serverLessons(client);
    recordServerStatus(store, onServer);
    const plans: Plan[] = [];
    for (const check of preflight(store, request.lessonIds, onServer)) {
      const lesson = store.lessons.get(check.lessonId);
      const blocked = lesson
        ? blockReason(check, request.acceptWarnings)
        : studioMessage('not-found');
      if (!lesson || blocked) {
        plans.push({ check, lesson: null, steps: null, blocked });
        continue;
      }
      if (lesson.remote_id === null) store.lessons.assignRemoteId(lesson.id, randomUUID());
      const withId = store.lessons.get(lesson.id) as LessonRow & { remote_id: string };
      const plan = await planLesson(store, client, withId, request).catch((error: unknown) => ({
        blocked: errorText(error),
      }));
      plans.push(
        plan.blocked === null
          ? {
              check,
              lesson: plan.lesson,
              steps: lessonSteps(store, client, plan.lesson, plan.comparison, plan.isPublished, {
                analyse: deps.analyse,
                log: deps.log,
              }),
              blocked: null,
            }
          : { check, lesson: null, steps: null, blocked: plan.blocked },
      );
    }
    const total = plans.reduce((sum, plan) => sum + (plan.steps?.length ?? 1), 0);
    const items: PublishItem[] = [];
    const report = (item: PublishItem): void => {
      items.push(item);
      deps.onProgress({ done: items.length, total, item });
    };

    for (const plan of plans) {
      const { lessonId, label } = plan.check;
      if (!plan.steps || !plan.lesson) {
        deps.log('publish blocked', { lesson: label, reason: plan.blocked });
        report({
          lessonId,
          lesson: label,
          item: 'checks',
          state: 'blocked',
          message: plan.blocked,
        });
        continue;
      }
      const lesson = plan.lesson;
      let failure: string | null = null;
      const run = async (step: Step) => {
        if (failure !== null) {
          report({ lessonId, lesson: label, item: step.item, state: 'failed', message: failure });
          return;
        }
        try {
          const state = await step.run();
          report({ lessonId, lesson: label, item: step.item, state, message: null });
        } catch (error) {
          failure = explain(errorText(error), lesson);
          deps.log('publish step failed', { lesson: label, item: step.item, error: failure });
          report({ lessonId, lesson: label, item: step.item, state: 'failed', message: failure });
        }
      };
      for (const step of plan.steps) await run(step);
      if (failure === null) {
        store.lessons.markPublished(lessonId);
        continue;
      }
      await removeOrphanedUploads(store, client, lessonId, lesson.remote_id).catch(
        (error: unknown) =>
          deps.log('could not remove uploads of a lesson that did not reach the server', {
            lesson: label,
            error: errorText(error),
          }),
      );
    }
    return {
      items,
      failed: items.filter((item) => item.state === 'failed').length,
      blocked: items.filter((item) => item.state === 'blocked').length,
    };
  } finally {
    await session.close();
  }
}
