import type { LocalDb, RequestOptions } from '../db/types.ts';
import { apiError } from './errors.ts';
import type { ParsedQuery, SelectItem } from './parser.ts';

// Bounds that keep one request from monopolising the database (issue 10). PostgREST has none
// of these; hosted Supabase relies on per-role statement timeouts and many connections. Here
// PGlite is one connection, so a concurrent read is only fast if every permitted query is
// short: embedding is limited in depth, and (on PGlite, whose statistics db/statistics.ts
// keeps) a read that embeds is planned first (EXPLAIN, as the caller) and refused when the
// planner expects it to be too expensive. Both answer 400 before any row is read. What is still permitted measured below 100 ms on the seed data
// (tests/perf/local-load.bench.ts prints the figures).

/** Embedded resources may nest this many levels below the requested table. */
export const MAX_EMBED_DEPTH = 4;

/** Default planner cost ceiling of reads with embedded resources (see ServerConfig). */
export const DEFAULT_MAX_EMBED_COST = 5000;

/** Depth of the deepest embed in a select list (0: no embedded resource). */
export function embedDepth(items: readonly SelectItem[]): number {
  let deepest = 0;
  for (const item of items) {
    if (item.type === 'embed') deepest = Math.max(deepest, 1 + embedDepth(item.select));
  }
  return deepest;
}

export function checkEmbedDepth(query: ParsedQuery): number {
  const depth = embedDepth(query.select);
  if (depth > MAX_EMBED_DEPTH) {
    throw apiError(
      400,
      'PGRST100',
      `The select parameter nests embedded resources ${depth} levels deep; at most ${MAX_EMBED_DEPTH} are allowed`,
      null,
      'Request the deeper levels separately.',
    );
  }
  return depth;
}

type PlanNode = { Plan?: { 'Total Cost'?: number } };

/** The planner's total cost of `options.main`, planned with the request's role and claims. */
export async function plannedCost(
  db: Pick<LocalDb, 'request'>,
  options: RequestOptions,
): Promise<number> {
  const rows = await db.request({
    ...options,
    readOnly: true,
    main: { sql: `explain (format json) ${options.main.sql}`, params: options.main.params },
  });
  const text = rows[0]?.[0];
  const plan = (typeof text === 'string' ? JSON.parse(text) : text) as PlanNode[] | undefined;
  return plan?.[0]?.Plan?.['Total Cost'] ?? 0;
}

export function costError(cost: number, limit: number): never {
  throw apiError(
    400,
    'PGRST100',
    `The request would be too expensive to answer (estimated cost ${Math.round(cost)}, limit ${limit})`,
    null,
    'Embed fewer or shallower resources, or filter and limit the embedded rows.',
  );
}
