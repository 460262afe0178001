/** A suggested span for one transcript line, in seconds. */
export type Span = { readonly start: number; readonly end: number };

export type SilenceOptions = {
  /** A bin is silent below this fraction of the loudest peak. */
  readonly threshold?: number;
  /** Gaps shorter than this (seconds) are breaths inside a line, never boundaries. */
  readonly minGap?: number;
};

type Gap = { from: number; to: number };

/**
 * Suggests start and end times for `lineCount` lines from waveform peaks: the lines are the
 * stretches of sound between the `lineCount - 1` widest silent gaps, each end snapped to where
 * silence begins and each start to where sound resumes. When there are too few gaps, the
 * longest line is cut at its quietest point. Leading and trailing silence belong to no line.
 */
export function suggestLineSpans(
  peaks: ArrayLike<number>,
  peaksPerSecond: number,
  lineCount: number,
  options: SilenceOptions = {},
): Span[] {
  if (lineCount <= 0 || peaks.length === 0) return [];
  let max = 0;
  for (let i = 0; i < peaks.length; i++) max = Math.max(max, peaks[i] ?? 0);
  const limit = max * (options.threshold ?? 0.1);
  const loud = (i: number): boolean => (peaks[i] ?? 0) > limit;
  let first = 0;
  while (first < peaks.length && !loud(first)) first++;
  let last = peaks.length - 1;
  while (last > first && !loud(last)) last--;
  if (first >= peaks.length) first = 0;

  const minGapBins = Math.max(1, Math.round((options.minGap ?? 0.15) * peaksPerSecond));
  const gaps: Gap[] = [];
  for (let i = first; i <= last;) {
    if (loud(i)) {
      i++;
      continue;
    }
    const from = i;
    while (i <= last && !loud(i)) i++;
    if (i - from >= minGapBins) gaps.push({ from, to: i });
  }
  const chosen = gaps
    .sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from)
    .slice(0, lineCount - 1)
    .sort((a, b) => a.from - b.from);

  // Segments in bins: [start, end) of sound.
  const segments: { start: number; end: number }[] = [];
  let start = first;
  for (const gap of chosen) {
    segments.push({ start, end: gap.from });
    start = gap.to;
  }
  segments.push({ start, end: last + 1 });

  while (segments.length < lineCount) {
    let longest = 0;
    segments.forEach((segment, index) => {
      const best = segments[longest] as { start: number; end: number };
      if (segment.end - segment.start > best.end - best.start) longest = index;
    });
    const segment = segments[longest] as { start: number; end: number };
    const length = segment.end - segment.start;
    let cut = segment.start + Math.floor(length / 2);
    for (
      let i = segment.start + Math.floor(length / 4);
      i < segment.start + Math.ceil((3 * length) / 4);
      i++
    ) {
      if ((peaks[i] ?? 0) < (peaks[cut] ?? 0)) cut = i;
    }
    if (cut <= segment.start) cut = segment.start + 1;
    segments.splice(
      longest,
      1,
      { start: segment.start, end: cut },
      { start: cut, end: segment.end },
    );
  }

  const seconds = (bin: number): number => Math.round((bin / peaksPerSecond) * 100) / 100;
  return segments.map((segment) => ({ start: seconds(segment.start), end: seconds(segment.end) }));
}
