export const DEFAULT_LINE_SPACING_SECONDS = 5;
export const DEFAULT_LINE_LENGTH_SECONDS = 4;

export type TimedLine = {
  readonly start_time?: number | null;
  readonly end_time?: number | null;
};

/**
 * Fills missing transcript times: a line's start defaults to 5 s × its index and its end to 4 s
 * after its start. Times that are present are kept.
 */
export function withDefaultTimings<T extends TimedLine>(
  lines: readonly T[],
): (T & { start_time: number; end_time: number })[] {
  return lines.map((line, index) => {
    const start = isTime(line.start_time) ? line.start_time : index * DEFAULT_LINE_SPACING_SECONDS;
    const end = isTime(line.end_time) ? line.end_time : start + DEFAULT_LINE_LENGTH_SECONDS;
    return { ...line, start_time: start, end_time: end };
  });
}

function isTime(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The index of the line to highlight at `time` seconds: the line being spoken, or in a pause
 * between lines the one heard last, until the next one starts (so the highlight never blinks
 * out in the gaps). -1 before the first line starts.
 */
export function activeLineIndex(
  lines: readonly { readonly start_time: number; readonly end_time: number }[],
  time: number,
): number {
  const speaking = lines.findIndex((line) => time >= line.start_time && time < line.end_time);
  if (speaking >= 0) return speaking;
  // The latest start before `time` (lines may be out of order or overlap after editing).
  let last = -1;
  let lastStart = -Infinity;
  lines.forEach((line, index) => {
    if (line.start_time <= time && line.start_time >= lastStart) {
      last = index;
      lastStart = line.start_time;
    }
  });
  return last;
}
