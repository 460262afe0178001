import { pendingSteps } from '../offline/queue.ts';
import { readKeys } from '../offline/downloads.ts';
import { readThrough } from '../offline/reads.ts';
import { getSupabase, toAppError } from './supabase.ts';

async function savedSessionsFromNetwork(lessonId: string): Promise<number> {
  const supabase = await getSupabase();
  const { count, error } = await supabase
    .from('flashcard_sessions')
    .select('id', { count: 'exact', head: true })
    .eq('lesson_id', lessonId);
  if (error) throw toAppError(error);
  return count ?? 0;
}

/**
 * The round of the learner's next session of a lesson: how many sessions of it they saved
 * before (RLS keeps the count to their own), those waiting in the offline queue included. Core's
 * buildLessonSession asks each word the other way round first from one round to the next. Kept
 * on the device like the other reads, so a downloaded lesson alternates offline too; when it
 * cannot be known at all, 0 (the session is still complete, it only may not alternate).
 */
export async function lessonSessionRound(userId: string, lessonId: string): Promise<number> {
  let saved = 0;
  try {
    saved = await readThrough(readKeys.sessionCount(userId, lessonId), () =>
      savedSessionsFromNetwork(lessonId),
    );
  } catch (error) {
    console.warn('The lesson’s earlier sessions could not be counted', error);
  }
  let queued = 0;
  try {
    queued = (await pendingSteps(userId)).filter(
      (step) => step.kind === 'session' && step.lessonId === lessonId,
    ).length;
  } catch {
    // No offline store (private window): nothing is queued on this device.
  }
  return saved + queued;
}
