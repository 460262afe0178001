// Generated from core/src/srs/local-day.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
/** A learner's calendar day, 'YYYY-MM-DD'. */
export type LocalDay = string;

/** The local hour at which a new learning day starts: reviews at 1 am still count for the
 *  evening before. */
export const DAY_CUTOFF_HOUR = 4;

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, which is what a caller should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): Parts {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 0,
    day: values.day ?? 0,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
  };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dayFromUtcMs(ms: number): LocalDay {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function utcMsOfDay(day: LocalDay): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
}

/** Calendar arithmetic on days, free of DST: a day is a date, not 24 hours. */
export function addDays(day: LocalDay, days: number): LocalDay {
  return dayFromUtcMs(utcMsOfDay(day) + days * 86_400_000);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: LocalDay, to: LocalDay): number {
  return Math.round((utcMsOfDay(to) - utcMsOfDay(from)) / 86_400_000);
}

/**
 * The learner's day of an instant: the local date in `timeZone`, or the day before when the local
 * time is earlier than the cutoff hour. Uses the local wall-clock hour, not "now minus 4 hours",
 * which would be an hour off on DST change days.
 */
export function localDay(now: Date, timeZone: string, cutoffHour = DAY_CUTOFF_HOUR): LocalDay {
  const p = zonedParts(now, timeZone);
  const date = dayFromUtcMs(Date.UTC(p.year, p.month - 1, p.day));
  return p.hour < cutoffHour ? addDays(date, -1) : date;
}

/**
 * The instant a learner's day begins (its cutoff hour, local time). Found by correcting a UTC
 * guess with the zone's offset twice, which settles on either side of a DST change.
 */
export function startOfLocalDay(
  day: LocalDay,
  timeZone: string,
  cutoffHour = DAY_CUTOFF_HOUR,
): Date {
  const wanted = utcMsOfDay(day) + cutoffHour * 3_600_000;
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}
