import type { AggregateFn } from './grammar.ts';
import { parseFilter, parseLogic, type Operator } from './parse-filter.ts';
import { parseColumns, parseNonNegativeInt, parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';

// The PostgREST URL grammar (compat §2.2): select lists, filters, logic trees, order, limit and
// offset. Parsing never throws: every malformed input becomes a PGRST100 error value.

export type JsonStep = { arrow: '->' | '->>'; key: string };
export type Field = { name: string; json: JsonStep[] };

export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field; alias?: string; cast?: string }
  | { type: 'count' }
  | {
      /** `col.sum()`, `count()` …: an aggregate (behind db-aggregates-enabled). */
      type: 'agg';
      fn: AggregateFn;
      /** Absent for `count()`. */
      field?: Field;
      /** Cast of the input (`col::int.sum()`). */
      cast?: string;
      alias?: string;
      /** Cast of the result (`col.sum()::text`). */
      outCast?: string;
    }
  | {
      type: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      join: 'inner' | 'left';
      spread: boolean;
      select: SelectItem[];
    };

/** Whether a select list (at any depth) uses an aggregate function. */
export function hasAggregates(items: readonly SelectItem[]): boolean {
  return items.some((i) => i.type === 'agg' || (i.type === 'embed' && hasAggregates(i.select)));
}

export type Filter = {
  field: Field;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text-search configuration for fts operators. */
  config?: string;
  /** One value, or the list of `in` and quantified operators. */
  value: string | string[];
};

export type Condition =
  | { type: 'filter'; filter: Filter }
  | { type: 'logic'; op: 'and' | 'or'; negate: boolean; conditions: Condition[] };

export type OrderTerm = {
  field: Field;
  /** `order=rel(col)`: order parents by a column of a to-one embed. */
  relation?: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
};

export type ParseError = { code: 'PGRST100'; message: string; details: string; hint: null };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ParseError };

// ---- the whole query string -----------------------------------------------------------------

/** Everything the query string says, grouped by embed path ('' = the root resource). */
/** How the response body is built: JSON, JSON without null members, or CSV. */
export type BodyFormat = 'json' | 'strip' | 'csv';

export type ParsedQuery = {
  select: SelectItem[];
  /** Set by the handler from the Accept header (default json). */
  format?: BodyFormat;
  conditions: Map<string, Condition[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  columns?: string[];
  onConflict?: string[];
};

const SUFFIXES = ['order', 'limit', 'offset', 'or', 'and'] as const;

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function parseQuery(params: Iterable<[string, string]>): Result<ParsedQuery> {
  const query: ParsedQuery = {
    select: [{ type: 'star' }],
    conditions: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      const r = parseSelect(value);
      if (!r.ok) return r;
      query.select = r.value;
      continue;
    }
    if (key === 'columns') {
      const r = parseColumns(value);
      if (!r.ok) return r;
      query.columns = r.value;
      continue;
    }
    if (key === 'on_conflict') {
      const r = parseColumns(value);
      if (!r.ok) return r;
      query.onConflict = r.value;
      continue;
    }
    // Split `a.b.order` into path `a.b` and the reserved suffix; `not.or`/`a.not.and` too.
    const parts = key.split('.');
    const last = parts[parts.length - 1] ?? '';
    let negateLogic = false;
    let pathParts = parts.slice(0, -1);
    if ((last === 'or' || last === 'and') && pathParts[pathParts.length - 1] === 'not') {
      negateLogic = true;
      pathParts = pathParts.slice(0, -1);
    }
    const path = pathParts.join('.');
    if ((SUFFIXES as readonly string[]).includes(last)) {
      if (last === 'order') {
        const r = parseOrder(value);
        if (!r.ok) return r;
        query.order.set(path, r.value);
      } else if (last === 'limit' || last === 'offset') {
        const r = parseNonNegativeInt(last, value);
        if (!r.ok) return r;
        query[last].set(path, r.value);
      } else {
        const r = parseLogic(last as 'or' | 'and', negateLogic, value, key);
        if (!r.ok) return r;
        pushTo(query.conditions, path, r.value);
      }
      continue;
    }
    // A filter: the json arrow may contain dots only inside quotes; the column is the part
    // after the last dot that precedes any `->`.
    const arrow = key.indexOf('->');
    const head = arrow === -1 ? key : key.slice(0, arrow);
    const dot = head.lastIndexOf('.');
    const filterPath = dot === -1 ? '' : head.slice(0, dot);
    const column = dot === -1 ? key : key.slice(dot + 1);
    const r = parseFilter(column, value);
    if (!r.ok) return r;
    pushTo(query.conditions, filterPath, { type: 'filter', filter: r.value });
  }
  return { ok: true, value: query };
}
