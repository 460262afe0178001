import type { Database } from './database.ts';
import { getSupabase, toAppError } from './supabase.ts';
import { readThrough } from '../offline/reads.ts';
import { readKeys } from '../offline/downloads.ts';

// The learner's day (issue 29 points 2, 3, 7): the dashboard's Today card, the daily goal and
// reminder settings, achievements, and the e-mail's unsubscribe. The figures are the server's
// (get_today reads the recorded answers); offline, the last answer is shown (the dashboard says
// it may be stale).

export type Achievement = Database['public']['Enums']['achievement'];

export type Today = {
  readonly dueCount: number;
  /** When the next words come due, when none are due now (null: none scheduled). */
  readonly nextDue: string | null;
  /**
   * Since when the words due now have been due (the earliest of their due times); null when none
   * are. Absent in a day kept offline before the server said it.
   */
  readonly dueSince?: string | null;
  readonly answeredToday: number;
  readonly dailyGoal: number;
  readonly streak: number;
};

/** The goals the learner can choose (the column's check). */
export const DAILY_GOALS = [10, 20, 30, 50] as const;

async function fetchTodayFromNetwork(): Promise<Today> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_today');
  if (error) throw toAppError(error);
  const row = data[0];
  return {
    dueCount: row?.due_count ?? 0,
    nextDue: row?.next_due ?? null,
    dueSince: row?.due_since ?? null,
    answeredToday: row?.answered_today ?? 0,
    dailyGoal: row?.daily_goal ?? 20,
    streak: row?.current_streak ?? 0,
  };
}

export function fetchToday(userId: string): Promise<Today> {
  return readThrough(readKeys.today(userId), fetchTodayFromNetwork, true);
}

async function fetchAchievementsFromNetwork(): Promise<Achievement[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_achievements')
    .select('achievement, earned_at')
    .order('earned_at');
  if (error) throw toAppError(error);
  return data.map((row) => row.achievement);
}

export function fetchAchievements(userId: string): Promise<Achievement[]> {
  return readThrough(readKeys.achievements(userId), fetchAchievementsFromNetwork, true);
}

export type DaySettings = { readonly dailyGoal: number; readonly reminderHour: number | null };

export async function fetchDaySettings(userId: string): Promise<DaySettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('daily_goal, reminder_hour')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return { dailyGoal: data?.daily_goal ?? 20, reminderHour: data?.reminder_hour ?? null };
}

export async function saveDaySettings(
  userId: string,
  settings: Partial<{ dailyGoal: number; reminderHour: number | null; timeZone: string }>,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('profiles')
    .update({
      ...(settings.dailyGoal !== undefined ? { daily_goal: settings.dailyGoal } : {}),
      ...(settings.reminderHour !== undefined ? { reminder_hour: settings.reminderHour } : {}),
      ...(settings.timeZone !== undefined ? { time_zone: settings.timeZone } : {}),
    })
    .eq('user_id', userId);
  if (error) throw toAppError(error);
}

/** The e-mail's one-click unsubscribe, without signing in; false for an unknown token. */
export async function unsubscribeReminders(token: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('unsubscribe_reminders', { _token: token });
  if (error) throw toAppError(error);
  return data;
}
