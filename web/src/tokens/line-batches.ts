import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../lib/database.ts';

// How the learner's page and the review editor read a lesson's tokens: by the lessons' line ids
// (the tokens' own key), a few lines per request. The gateway refuses reads it estimates too
// expensive (issue 27), and the estimate of a token read grows with its lines: all 40 lines of a
// long lesson at once were refused (estimated cost 7020, limit 5000), which left its words plain
// text. 12 lines stay near a third of that limit; the seed's longest dialogue has 60 lines.

export const LINES_PER_READ = 12;

/** The line ids in groups of LINES_PER_READ, in order. */
export function lineBatches(lineIds: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let at = 0; at < lineIds.length; at += LINES_PER_READ) {
    batches.push(lineIds.slice(at, at + LINES_PER_READ));
  }
  return batches;
}

type Db = SupabaseClient<Database>;

/**
 * The tokens of the given lines with `columns`, read LINES_PER_READ lines at a time in parallel,
 * in line order (as given) and word order. A refused batch throws its error.
 */
export async function readTokensOfLines<Row extends { line_id: string; position: number }>(
  client: Db,
  lineIds: readonly string[],
  columns: string,
): Promise<Row[]> {
  const reads = await Promise.all(
    lineBatches(lineIds).map(async (batch) => {
      const { data, error } = await client
        .from('transcript_tokens')
        .select(columns)
        .in('line_id', batch)
        .order('position', { ascending: true });
      if (error) throw error;
      return data as unknown as Row[];
    }),
  );
  const order = new Map(lineIds.map((id, index) => [id, index]));
  return reads
    .flat()
    .sort(
      (a, b) =>
        (order.get(a.line_id) ?? 0) - (order.get(b.line_id) ?? 0) || a.position - b.position,
    );
}
