import type { LocalDb, RequestOptions } from '../db/types.ts';
import { apiError } from './errors.ts';
import type { ParsedQuery, SelectItem } from './parser.ts';

// Bounds that keep one request from monopolising the database (issue 10). PostgREST has none
// of these; hosted Supabase relies on per-role statement timeouts and many connections. Here
// PGlite is one connection, so a concurrent read is only fast if every permitted query is
// short: embedding is limited in depth, pattern filters that could run long are refused
// (rest/patterns.ts), and (on PGlite, whose statistics db/statistics.ts keeps) every read is
// planned first (EXPLAIN, as the caller) and refused when the planner expects it to be too
// expensive (issue 27: before, only reads that embed were). All answer 400 before any row is
// read. What is still permitted measured below 100 ms on the seed data
// (tests/perf/local-load.bench.ts prints the figures).

/** Embedded resources may nest this many levels below the requested table. */
export const MAX_EMBED_DEPTH = 4;

/** At most this many embedded resources in one select (aliased copies count each). */
export const MAX_EMBEDS = 20;

/** Default planner cost ceiling of reads (see ServerConfig.maxReadCost). */
export const DEFAULT_MAX_READ_COST = 5000;

/**
 * Reads planned above this cost go through the heavy lane: one at a time, so cheap requests
 * are never queued behind several expensive ones on the single PGlite connection.
 */
export const HEAVY_COST = 500;

/** Depth of the deepest embed in a select list (0: no embedded resource). */
export function embedDepth(items: readonly SelectItem[]): number {
  let deepest = 0;
  for (const item of items) {
    if (item.type === 'embed') deepest = Math.max(deepest, 1 + embedDepth(item.select));
  }
  return deepest;
}

/** Number of embedded resources in a select list, at every level. */
export function embedCount(items: readonly SelectItem[]): number {
  let count = 0;
  for (const item of items) if (item.type === 'embed') count += 1 + embedCount(item.select);
  return count;
}

/** Checks depth and number of embeds; returns the depth. */
export function checkEmbedDepth(query: ParsedQuery): number {
  const count = embedCount(query.select);
  if (count > MAX_EMBEDS) {
    throw apiError(
      400,
      'PGRST100',
      `The select parameter embeds ${count} resources; at most ${MAX_EMBEDS} are allowed`,
      null,
      'Request some of them separately.',
    );
  }
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

/** How long the planned cost of a read without embeds is reused for the same statement. */
export const PLAIN_COST_TTL_MS = 60_000;
const MAX_KEPT_COSTS = 2000;

const keptCosts = new WeakMap<object, Map<string, { cost: number; at: number }>>();

/**
 * The planned cost of a read without embedded resources, planned once per statement text and
 * role and reused for PLAIN_COST_TTL_MS. The app repeats a few such statements with other
 * values (its own id, a lesson's id), and planning every one again made the check cost four
 * times the read (tests/perf/local-load.bench.ts, auth RLS read). Such a read scans one table
 * at most, whatever its values, so the verdict of its shape holds; a read with embeds, whose
 * cost the values can multiply, is planned every time. Only cheap verdicts are kept.
 */
export async function plainReadCost(
  db: object,
  key: string,
  plan: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  let costs = keptCosts.get(db);
  if (!costs) keptCosts.set(db, (costs = new Map()));
  const kept = costs.get(key);
  if (kept && now - kept.at < PLAIN_COST_TTL_MS) return kept.cost;
  const cost = await plan();
  if (cost <= HEAVY_COST) {
    if (costs.size >= MAX_KEPT_COSTS) costs.clear();
    costs.set(key, { cost, at: now });
  }
  return cost;
}

/** A one-at-a-time gate per database for heavy reads (see HEAVY_COST). */
export class HeavyLane {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.#tail;
    let release = () => {};
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await task();
    } finally {
      release();
    }
  }
}

const lanes = new WeakMap<object, HeavyLane>();

export function heavyLane(db: object): HeavyLane {
  let lane = lanes.get(db);
  if (!lane) {
    lane = new HeavyLane();
    lanes.set(db, lane);
  }
  return lane;
}

export function costError(cost: number, limit: number): never {
  throw apiError(
    400,
    'PGRST100',
    `The request would be too expensive to answer (estimated cost ${Math.round(cost)}, limit ${limit})`,
    null,
    'Embed fewer or shallower resources, or filter and limit the rows.',
  );
}
