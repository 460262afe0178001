import type { WordToken } from './word-token.ts';

/** The audio versions a lesson may have; each has its own times for lines and words. */
export type AudioVersionName = 'normal' | 'slow' | 'natural';

export type Span = { readonly start: number; readonly end: number };

/** The token's start and end in `version`, or null when it has no times there (not aligned). */
export function tokenSpan(token: WordToken, version: AudioVersionName): Span | null {
  const [start, end] =
    version === 'slow'
      ? [token.slow_start_time, token.slow_end_time]
      : version === 'natural'
        ? [token.natural_start_time, token.natural_end_time]
        : [token.start_time, token.end_time];
  if (start === null || end === null || !Number.isFinite(start) || !(end > start)) return null;
  return { start, end };
}

/**
 * The index (in `tokens`) of the word being spoken at `time` in `version`: the word whose span
 * holds the time; -1 in the pauses between words, before the first and after the last, and on a
 * line without word times (then only the line is highlighted).
 */
export function activeWordIndex(
  tokens: readonly WordToken[] | undefined,
  time: number,
  version: AudioVersionName,
): number {
  if (!tokens) return -1;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const span = token ? tokenSpan(token, version) : null;
    if (span && time >= span.start && time < span.end) return index;
  }
  return -1;
}
