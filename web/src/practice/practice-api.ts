// The calls practice makes (issue 30): the learner's practice items (a lesson's, and the due
// review of every skill), the dashboard's figures per skill, the scheduling choices on the
// profile, and answers through the offline queue. Reads go through readThrough like the other
// learner reads, so a downloaded lesson practises and the review runs without a connection.
import { DESIRED_RETENTION } from '@magyarul/core/srs';
import { DEFAULT_NEW_ITEMS_PER_DAY } from '@magyarul/core/practice';
import type { Skill } from '@magyarul/core/enums';
import { AppError, getSupabase, toAppError } from '../lib/supabase.ts';
import { hasDownload, isDownloading, readKeys } from '../offline/downloads.ts';
import { currentUserId, pendingSteps, queuePracticeAnswer } from '../offline/queue.ts';
import type { PracticeAnswerInput, QueuedStep } from '../offline/queue.ts';
import { readThrough, readThroughSource, storeRead, storedRead } from '../offline/reads.ts';
import type { PracticeRow } from './practice-cards.ts';

/** Items read for the review page: enough due ones for the longest session, and today's new. */
const DUE_ITEMS_LIMIT = 50;

/** The learner's queued steps; none when the offline store cannot be read. */
export async function pendingFor(userId: string): Promise<QueuedStep[]> {
  try {
    return await pendingSteps(userId);
  } catch {
    return [];
  }
}

/** Items answered on this device and not yet sent: `itemId:skill`. */
export function pendingKeys(steps: readonly QueuedStep[]): Set<string> {
  const keys = new Set<string>();
  for (const step of steps) {
    if (step.kind === 'answer') keys.add(`${step.vocabularyId}:recognition`);
    if (step.kind === 'practice') keys.add(`${step.item.id}:${step.skill}`);
  }
  return keys;
}

async function lessonRowsFromNetwork(lessonId: string): Promise<PracticeRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_practice_items', { _lesson_id: lessonId });
  if (error) throw toAppError(error);
  return data;
}

/** The learner's practice state for one lesson; a downloaded lesson keeps it on the device. */
export async function fetchLessonPracticeRows(
  userId: string,
  lessonId: string,
): Promise<PracticeRow[]> {
  return readThrough(
    readKeys.practice(userId, lessonId),
    () => lessonRowsFromNetwork(lessonId),
    async () => (await hasDownload(lessonId)) || (await isDownloading(lessonId)),
  );
}

async function dueItemsFromNetwork(): Promise<PracticeRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_due_items', { _limit: DUE_ITEMS_LIMIT });
  if (error) throw toAppError(error);
  return data;
}

/**
 * The review page's items (due of every skill, then today's new ones); offline, the last list
 * read, without the items answered since.
 */
export async function fetchDueItems(userId: string): Promise<PracticeRow[]> {
  const { value, fromDevice } = await readThroughSource(
    readKeys.dueItems(userId),
    dueItemsFromNetwork,
  );
  if (!fromDevice) return value;
  const answered = pendingKeys(await pendingFor(userId));
  return value.filter((row) => !answered.has(`${row.item_id}:${row.skill}`));
}

export type SkillFigures = {
  readonly skill: Skill;
  readonly items: number;
  readonly known: number;
  readonly dueToday: number;
};

export async function fetchSkillSummary(userId: string): Promise<SkillFigures[]> {
  return readThrough(readKeys.skillSummary(userId), async () => {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc('get_skill_summary');
    if (error) throw toAppError(error);
    return data.flatMap((row) =>
      row.skill === null
        ? []
        : [
            {
              skill: row.skill,
              items: row.items ?? 0,
              known: row.known ?? 0,
              dueToday: row.due_today ?? 0,
            },
          ],
    );
  });
}

export type ForecastDay = { readonly day: string; readonly due: number };

export async function fetchDueForecast(userId: string): Promise<ForecastDay[]> {
  return readThrough(readKeys.dueForecast(userId), async () => {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc('get_due_forecast', { _days: 7 });
    if (error) throw toAppError(error);
    return data.flatMap((row) => (row.day === null ? [] : [{ day: row.day, due: row.due ?? 0 }]));
  });
}

export type Scheduling = { readonly desiredRetention: number; readonly newItemsPerDay: number };

export async function fetchScheduling(userId: string): Promise<Scheduling> {
  return readThrough(readKeys.scheduling(userId), async () => {
    const supabase = await getSupabase();
    const { data, error } = await supabase
      .from('profiles')
      .select('desired_retention, new_items_per_day')
      .eq('user_id', userId)
      .maybeSingle();
    if (error) throw toAppError(error);
    return {
      desiredRetention: Number(data?.desired_retention ?? DESIRED_RETENTION.default),
      newItemsPerDay: data?.new_items_per_day ?? DEFAULT_NEW_ITEMS_PER_DAY,
    };
  });
}

export async function saveScheduling(userId: string, scheduling: Scheduling): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({
      desired_retention: scheduling.desiredRetention,
      new_items_per_day: scheduling.newItemsPerDay,
    })
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw toAppError(error);
  if (data.length === 0) throw new AppError('No profile row was updated', 'not_found');
}

/**
 * One practice answer: kept on this device first, sent in answer order with its client answer
 * id (exactly once) and the time it was given. Never throws (a lost answer must not stop a
 * session).
 */
export async function recordPracticeAnswer(input: PracticeAnswerInput): Promise<void> {
  const userId = await currentUserId();
  if (!userId) return;
  await queuePracticeAnswer(input);
  await forgetDueItem(userId, `${input.item.id}:${input.skill}`);
}

// One edit of the kept due list at a time (answers come quickly; an edit reads, then writes).
let dueListEdits: Promise<void> = Promise.resolve();

/**
 * An answered item leaves the due list kept on this device. The offline list leaves out the
 * items still waiting in the queue, but an answer the server already has is no longer there:
 * without this, an item answered online would come back in an offline review after a reload.
 */
function forgetDueItem(userId: string, key: string): Promise<void> {
  dueListEdits = dueListEdits.then(async () => {
    try {
      const stored = await storedRead<PracticeRow[]>(readKeys.dueItems(userId));
      if (!stored) return;
      const rest = stored.filter((row) => `${row.item_id}:${row.skill}` !== key);
      if (rest.length !== stored.length) await storeRead(readKeys.dueItems(userId), rest);
    } catch (error) {
      console.warn('The kept due list could not be updated', error);
    }
  });
  return dueListEdits;
}
