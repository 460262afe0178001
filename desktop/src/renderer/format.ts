export { formatTime } from '../shared/format-time.ts';

/** The spec's default when times are missing: 5 s per line index, 4 s long. */
export function defaultSpan(index: number): { start: number; end: number } {
  return { start: index * 5, end: index * 5 + 4 };
}

export function round2(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
