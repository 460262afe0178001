import { withDefaultTimings } from '@magyarul/core/lessons';

// A lesson's renderings of its dialogue (issue 32 point 1): slow for beginners, normal, and
// natural tempo. Normal is the lesson's audio_url and always offered; slow and natural are
// offered only when the lesson has the file and every line has its start in it, so the
// transcript can follow that file with its own times (a recorded lesson has normal only).

export const RECORDING_VERSIONS = ['slow', 'normal', 'natural'] as const;
export type RecordingVersion = (typeof RECORDING_VERSIONS)[number];

/** The lesson's audio columns. */
export type VersionedLesson = {
  readonly audio_url: string | null;
  readonly slow_audio_url: string | null;
  /** Absent in a copy stored on this device before the natural version existed. */
  readonly natural_audio_url?: string | null;
};

/** A transcript row's times in each rendering. */
export type VersionedLine = {
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly slow_start_time: number | null;
  readonly slow_end_time: number | null;
  readonly natural_start_time?: number | null;
  readonly natural_end_time?: number | null;
};

/** One rendering: its file (as stored) and the lines with their times in it. */
export type Rendering<L> = {
  readonly url: string | null;
  readonly lines: (L & { start_time: number; end_time: number })[];
};

function timesIn(line: VersionedLine, version: RecordingVersion) {
  if (version === 'slow') return { start: line.slow_start_time, end: line.slow_end_time };
  if (version === 'natural') {
    return { start: line.natural_start_time ?? null, end: line.natural_end_time ?? null };
  }
  return { start: line.start_time, end: line.end_time };
}

function urlOf(lesson: VersionedLesson, version: RecordingVersion): string | null {
  if (version === 'slow') return lesson.slow_audio_url;
  if (version === 'natural') return lesson.natural_audio_url ?? null;
  return lesson.audio_url;
}

/**
 * The renderings the learner can choose, in the order offered (slow, normal, natural), each with
 * the lines timed in it (a missing end falls back as withDefaultTimings does). Normal is always
 * there; slow and natural when the lesson names their file and every line has a start in it.
 */
export function lessonRenderings<L extends VersionedLine>(
  lesson: VersionedLesson,
  rows: readonly L[],
): Map<RecordingVersion, Rendering<L>> {
  const renderings = new Map<RecordingVersion, Rendering<L>>();
  for (const version of RECORDING_VERSIONS) {
    const url = urlOf(lesson, version);
    if (version !== 'normal') {
      const timed = rows.length > 0 && rows.every((row) => timesIn(row, version).start !== null);
      if (!url || !timed) continue;
    }
    const lines = withDefaultTimings(
      rows.map((row) => {
        const { start, end } = timesIn(row, version);
        return { ...row, start_time: start, end_time: end };
      }),
    );
    renderings.set(version, { url, lines });
  }
  return renderings;
}
