/** How far away a moment is, in the largest unit that reads naturally ("in 3 hours"). */
export type TimeUntil = { readonly value: number; readonly unit: 'minute' | 'hour' | 'day' };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The time from `now` until the next words come due, for "The next words come due in …"
 * (Intl.RelativeTimeFormat writes it in the learner's language). Minutes are rounded up (due in
 * 30 s reads "in 1 minute", never "in 0 minutes"); hours and days to the nearest, so 23.6 hours
 * is "in 24 hours" and 36 hours "in 2 days". A moment already past reads as 1 minute.
 */
export function timeUntil(next: Date, now: Date): TimeUntil {
  const ms = next.getTime() - now.getTime();
  if (ms < HOUR_MS) return { value: Math.max(1, Math.ceil(ms / MINUTE_MS)), unit: 'minute' };
  if (ms < 36 * HOUR_MS) return { value: Math.round(ms / HOUR_MS), unit: 'hour' };
  return { value: Math.round(ms / DAY_MS), unit: 'day' };
}
