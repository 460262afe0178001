// The service worker's rule for the "words are due" notification (issue 29 point 3). Without a
// push server the worker cannot ask the server while the app is closed (it holds no session), so
// the page hands it what the server last said (when words come due, in the learner's language)
// and the worker decides on each wake (periodic background sync where the browser offers it,
// otherwise whenever the browser starts it) whether to show it.

export type DueNotice = {
  /** When words are (or will be) due, ISO; null: nothing scheduled. */
  readonly dueAt: string | null;
  readonly title: string;
  readonly body: string;
  /** The dueAt a notification was last shown for (one notification per due time). */
  readonly shownFor?: string | null;
};

/**
 * Whether to show the notice now: its time has come, it was not shown for this due time yet,
 * and no window of the app is on screen (the learner is already in the app).
 */
export function shouldNotify(notice: DueNotice | null, now: Date, appVisible: boolean): boolean {
  if (!notice || notice.dueAt === null || appVisible) return false;
  const due = Date.parse(notice.dueAt);
  if (Number.isNaN(due) || due > now.getTime()) return false;
  return notice.shownFor !== notice.dueAt;
}

/** A message from the page is a notice only when it has exactly the expected shape. */
export function parseDueNotice(data: unknown): DueNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, dueAt, title, body } = data as Record<string, unknown>;
  if (type !== 'magyarul-due-notice') return null;
  if (dueAt !== null && (typeof dueAt !== 'string' || Number.isNaN(Date.parse(dueAt)))) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return { dueAt, title: title.slice(0, 100), body: body.slice(0, 300) };
}
