import { message } from '../messages/index.ts';
import type { CsvIssue } from './types.ts';

/** "2–6", "2, 4, 7–9": row numbers as ranges. */
export function rowRanges(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const start = sorted[i] ?? 0;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i] ?? end;
    parts.push(end === start ? String(start) : `${start}–${end}`);
    i += 1;
  }
  return parts.join(', ');
}

/**
 * One message per problem: a file that is not UTF-8 fails on every row with the same words,
 * so those rows become one issue naming them all; a message repeated word for word is shown
 * once. Every other issue (each naming its own row and value) stays as it is, in order.
 */
export function onePerProblem(issues: readonly CsvIssue[]): CsvIssue[] {
  const notUtf8 = issues.filter((i) => i.code === 'not-utf8');
  const merged: CsvIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'not-utf8' && notUtf8.length > 1) {
      if (issue !== notUtf8[0]) continue;
      const rows = rowRanges(notUtf8.flatMap((i) => (i.row === null ? [] : [i.row])));
      merged.push({
        ...issue,
        ...message('csv.rowsNotUtf8', { rows }),
      });
      continue;
    }
    if (seen.has(issue.message)) continue;
    seen.add(issue.message);
    merged.push(issue);
  }
  return merged;
}
