// Lesson rules of spec/learner-side.md §3–§4 used by the viewer and the dashboard.

export type UnlockLesson = { readonly id: string; readonly lesson_number: number | null };
export type UnlockProgress = {
  readonly lesson_id: string;
  readonly audio_completed: boolean;
  readonly flashcard_passed: boolean;
  readonly is_completed?: boolean;
};
export type LessonStatus = 'locked' | 'open' | 'complete';

/**
 * A lesson is open if it is number 1 (the first in the list) or the previous lesson has both
 * audio_completed and flashcard_passed; complete when its own flashcards were passed.
 */
export function lessonStatuses(
  lessons: readonly UnlockLesson[],
  progress: readonly UnlockProgress[],
): Map<string, LessonStatus> {
  const byLesson = new Map(progress.map((p) => [p.lesson_id, p]));
  const done = (id: string | undefined): boolean => {
    const p = id === undefined ? undefined : byLesson.get(id);
    return p !== undefined && p.audio_completed && p.flashcard_passed;
  };
  const statuses = new Map<string, LessonStatus>();
  lessons.forEach((lesson, index) => {
    if (done(lesson.id)) statuses.set(lesson.id, 'complete');
    else if (index === 0 || lesson.lesson_number === 1 || done(lessons[index - 1]?.id))
      statuses.set(lesson.id, 'open');
    else statuses.set(lesson.id, 'locked');
  });
  return statuses;
}

export type TimedLine = {
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
  readonly start: number;
  readonly end: number;
};

/** Missing times default to 5 s × the line index for the start and start + 4 s for the end. */
export function timedTranscript(
  rows: readonly {
    line_number: number;
    speaker: string;
    text_content: string;
    start_time: number | null;
    end_time: number | null;
  }[],
): TimedLine[] {
  return rows.map((row, index) => {
    const start = row.start_time ?? index * 5;
    const end = row.end_time ?? start + 4;
    return {
      line_number: row.line_number,
      speaker: row.speaker,
      text_content: row.text_content,
      start,
      end,
    };
  });
}

/** The index of the line being spoken at `time`, or -1 before the first line. */
export function activeLineIndex(lines: readonly TimedLine[], time: number): number {
  let active = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line && line.start <= time) active = i;
    else break;
  }
  return active;
}

/** m:ss, e.g. 0:05, 2:30, 61:01. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Audio counts as complete at the end or at 99 % of its duration. */
export function isAudioComplete(currentTime: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > 0 && currentTime >= duration * 0.99;
}

export const LESSON_AUDIO_BUCKET = 'lesson-audio';

// One vocabulary file was uploaded under a wrong name; the fixed substitution the spec names.
const KNOWN_PATH_FIXES: readonly (readonly [string, string])[] = [
  ['koszonom.mp3', 'koszonom_1.mp3'],
];

/**
 * Candidate URLs for an audio path, best first: the adjusted URL (NFC, encoded, known fix
 * applied, storage paths turned into public URLs), then the original path as written.
 */
export function audioCandidates(path: string | null | undefined, backendUrl: string): string[] {
  if (!path) return [];
  const original = path.trim();
  if (!original) return [];
  const toUrl = (p: string): string =>
    /^https?:\/\//i.test(p) || p.startsWith('/') || p.startsWith('blob:') || p.startsWith('data:')
      ? p
      : `${backendUrl}/storage/v1/object/public/${LESSON_AUDIO_BUCKET}/${p.replace(/^\/+/, '')}`;
  let adjusted = original.normalize('NFC');
  for (const [wrong, right] of KNOWN_PATH_FIXES) {
    if (adjusted.endsWith(wrong)) adjusted = adjusted.slice(0, -wrong.length) + right;
  }
  const adjustedUrl = encodeURI(decodeURISafe(toUrl(adjusted)));
  const originalUrl = toUrl(original);
  return adjustedUrl === originalUrl ? [adjustedUrl] : [adjustedUrl, originalUrl];
}

function decodeURISafe(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
