// What the published course holds, from its lessons' rows (issue 32 point 5): the minutes of
// audio (the normal recordings, pauses included) and the CEFR levels its lessons are labelled
// with, so the dashboard and the landing page state them from data and never claim more than
// the course holds.

/** The lesson levels as CEFR levels (DESIGN.md §12.4); an unknown level is left out. */
const CEFR: Readonly<Record<string, string>> = {
  beginner: 'A1',
  intermediate: 'A2',
  advanced: 'B1+',
};
const CEFR_ORDER = ['A1', 'A2', 'B1+'];

export type CourseSpan = {
  /** Whole minutes of audio (normal recordings), rounded to the nearest minute. */
  readonly minutes: number;
  /** The lowest and highest CEFR level of the lessons ("A1", or "A1–A2"); null without levels. */
  readonly levels: string | null;
};

export function courseSpan(
  lessons: readonly { readonly level: string | null; readonly duration: number | null }[],
): CourseSpan {
  const seconds = lessons.reduce(
    (sum, l) => sum + (l.duration !== null && l.duration > 0 ? l.duration : 0),
    0,
  );
  const found = CEFR_ORDER.filter((code) =>
    lessons.some((l) => l.level !== null && CEFR[l.level.trim().toLowerCase()] === code),
  );
  const first = found[0];
  const last = found.at(-1);
  return {
    minutes: Math.round(seconds / 60),
    levels: first === undefined ? null : first === last ? first : `${first}–${last}`,
  };
}
