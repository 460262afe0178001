// Hostile PostgREST queries against the app's schema (lessons ⇄ lesson_vocabulary, and
// lesson_transcript), used by the DoS tests and the benchmark.

/** The select of the issue: seven resources deep (10-20 s and ~1.8 GB before the fix). */
export const ISSUE_SELECT =
  '*,lesson_vocabulary(*,lessons(*,lesson_vocabulary(*,lessons(*,lesson_transcript(*,lessons(*))))))';

/** lessons → vocabulary → lessons → … nested `levels` deep below lessons. */
export function chainSelect(levels: number): string {
  const chain = ['lesson_vocabulary', 'lessons'];
  let select = '*';
  for (let level = levels; level >= 1; level--) {
    select = `*,${chain[(level - 1) % 2] ?? ''}(${select})`;
  }
  return select;
}

/**
 * Within the depth limit but multiplied in breadth: `widths[i]` aliased copies of the embed at
 * level i + 1 (lessons → vocabulary → lessons → vocabulary), so the rows multiply by the
 * product of the widths.
 */
export function breadthSelect(widths: readonly number[]): string {
  const build = (level: number): string => {
    const width = widths[level];
    if (width === undefined) return '*';
    const target = level % 2 === 0 ? 'lesson_vocabulary' : 'lessons';
    const copies = Array.from(
      { length: width },
      (_, i) => `e${level}x${i}:${target}(${build(level + 1)})`,
    );
    return `*,${copies.join(',')}`;
  };
  return build(0);
}

/** 20 embeds (the limit), four levels: 16 times the rows of the deepest chain. */
export const HEAVY_SELECT = breadthSelect([1, 1, 2, 8]);

export function restPath(table: string, select: string): string {
  return `/rest/v1/${table}?select=${encodeURIComponent(select)}`;
}

/**
 * The issue's anonymous pattern filter, `(.{0,60}){0,60}\1y<n>` on the transcript: a
 * back-reference under nested bounded repetition. A different `n` per request passes the
 * anonymous read cache, as the attack did.
 */
export function patternPath(n: number, pattern = '(.{0,60}){0,60}\\1y'): string {
  return `/rest/v1/lesson_transcript?select=id&text_content=match.${encodeURIComponent(`${pattern}${n}`)}`;
}

/** `count` distinct pathological pattern reads (see patternPath). */
export function patternPaths(count: number): string[] {
  return Array.from({ length: count }, (_, n) => patternPath(n));
}
