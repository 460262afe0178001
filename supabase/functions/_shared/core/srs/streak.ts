// Generated from core/src/srs/streak.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import { addDays, daysBetween, localDay } from './local-day.ts';
import type { LocalDay } from './local-day.ts';

export type Streaks = {
  /** Consecutive days ending today, or ending yesterday while today is still open. */
  readonly current: number;
  readonly longest: number;
  readonly lastActiveDay: LocalDay | null;
};

/**
 * Streaks from activity timestamps (completed reviews or lesson steps) counted in the learner's
 * days (time zone, 4 am cutoff). A streak that ended yesterday still counts as current until
 * today ends, so the badge does not drop to 0 every morning. Activity after `now` is ignored.
 */
export function computeStreaks(
  activity: readonly Date[],
  now: Date,
  timeZone: string,
  cutoffHour?: number,
): Streaks {
  const nowMs = now.getTime();
  const days = [
    ...new Set(
      activity.filter((t) => t.getTime() <= nowMs).map((t) => localDay(t, timeZone, cutoffHour)),
    ),
  ].sort();
  if (days.length === 0) return { current: 0, longest: 0, lastActiveDay: null };

  let longest = 1;
  let run = 1;
  for (let i = 1; i < days.length; i++) {
    run = daysBetween(days[i - 1] as LocalDay, days[i] as LocalDay) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }

  const today = localDay(now, timeZone, cutoffHour);
  const lastActiveDay = days[days.length - 1] as LocalDay;
  const active = new Set(days);
  let current = 0;
  if (daysBetween(lastActiveDay, today) <= 1) {
    for (let day = lastActiveDay; active.has(day); day = addDays(day, -1)) current++;
  }
  return { current, longest, lastActiveDay };
}
