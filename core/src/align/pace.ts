// Hungarian spells every vowel it says: one vowel letter is one syllable (no diphthongs).
const VOWELS = /[aáeéiíoóöőuúüű]/giu;
const DIGIT = /\p{N}/gu;

/** Syllables of a Hungarian line: its vowels, and about two per digit of a number. */
export function syllables(text: string): number {
  const normal = text.normalize('NFC');
  return (normal.match(VOWELS)?.length ?? 0) + 2 * (normal.match(DIGIT)?.length ?? 0);
}

/** Faster than this, no one speaks a line (natural Hungarian runs at 5–7 syllables a second). */
export const MAX_SYLLABLES_PER_SECOND = 10;
/** Slower than this over more than MIN_SLOW_SECONDS, a line holds a pause or another line. */
export const MIN_SYLLABLES_PER_SECOND = 1.2;
const MIN_SLOW_SECONDS = 2;

export type Pace = {
  readonly syllables: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly verdict: 'fast' | 'slow';
};

/**
 * Whether a line's duration fits its text: a verdict when its syllables per second fall outside
 * the plausible range, null when it fits (or the line has no syllables or no duration).
 */
export function implausiblePace(text: string, start: number, end: number): Pace | null {
  const count = syllables(text);
  const seconds = end - start;
  if (count === 0 || seconds <= 0) return null;
  const perSecond = count / seconds;
  if (perSecond > MAX_SYLLABLES_PER_SECOND)
    return { syllables: count, seconds, perSecond, verdict: 'fast' };
  if (seconds > MIN_SLOW_SECONDS && perSecond < MIN_SYLLABLES_PER_SECOND) {
    return { syllables: count, seconds, perSecond, verdict: 'slow' };
  }
  return null;
}
