import { apiError } from './errors.ts';
import { SqlBuilder } from './filters.ts';
import { ident, literal } from './ident.ts';
import type { BodyFormat, ParsedQuery } from './parser.ts';
import type { Fn, Schema, Table } from './schema.ts';
import { expandStar } from './select.ts';

// Turns a parsed request into one SQL statement whose single row carries the response body,
// built by Postgres (json_agg), so a request is one round trip. Identifiers are always quoted,
// values are always parameters.

export type Statement = { sql: string; params: unknown[] };

/** Result row of every statement: total_count (or null), page_count, body (json text or null). */
export type ResultRow = {
  total_count: number | string | null;
  page_count: number | string;
  body: string | null;
  /** Upserts only: how many rows were inserted (not updated). */
  inserted?: number | null;
};

/**
 * The body aggregate over the rows `_pgrst_t` of `from`: a JSON array, the same without null
 * members (Accept: …;nulls=stripped), or CSV (a header line of the column names, then one line
 * per row in Postgres' record text form, as PostgREST writes it).
 */
export function bodyExpr(format: BodyFormat | undefined, from: string): string {
  if (format === 'strip') return `json_strip_nulls(coalesce(json_agg(_pgrst_t), '[]'))::text`;
  if (format === 'csv') {
    return (
      `(select coalesce(string_agg(k, ','), '') from json_object_keys((select row_to_json(_h) from ${from} as _h limit 1)) as k)` +
      ` || E'\\n' || coalesce(string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), E'\\n'), '')`
    );
  }
  return `coalesce(json_agg(_pgrst_t), '[]')::text`;
}

/** The total_count column of a write: the changed rows, when the request asked for a count. */
function totalCount(wanted: boolean): string {
  return wanted ? '(select count(*)::int from pgrst_source)' : 'null::int';
}

function wrapResult(
  source: string,
  selectSql: string,
  count: string,
  inserted = '',
  format?: BodyFormat,
): string {
  return (
    `with pgrst_source as (${source}), pgrst_body as (${selectSql}) ` +
    `select ${count} as total_count, count(*)::int as page_count, ` +
    `${bodyExpr(format, 'pgrst_body')} as body${inserted ? `, ${inserted} as inserted` : ''} from pgrst_body as _pgrst_t`
  );
}

/** `select 1 from <table> where <root filters>`: what count=planned asks the planner about. */
export function countPlanStatement(schema: Schema, query: ParsedQuery, table: Table): Statement {
  const b = new SqlBuilder(schema, query);
  const alias = b.rootAlias(table.name);
  const where = b.rootWhere(table, alias, []);
  return {
    sql: `select 1 from ${b.qualified(table)} as ${ident(alias)}${where}`,
    params: b.params,
  };
}

export function readStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  page: { limit: number; offset: number; count: boolean },
): Statement {
  const b = new SqlBuilder(schema, query);
  const alias = b.rootAlias(table.name);
  const inner: string[] = [];
  const items = b.selectList(table, alias, query.select, '', inner);
  const where = b.rootWhere(table, alias, inner);
  const order = b.orderBy(table, alias, query.order.get('') ?? [], '', query.select);
  const from = `${b.qualified(table)} as ${ident(alias)}`;
  const group = b.groupBy(alias, query.select);
  const source = `select ${items.length > 0 ? items.join(', ') : 'null'} from ${from}${where}${group}${order} limit ${page.limit} offset ${page.offset}`;
  const count = page.count ? `(select count(*)::int from ${from}${where})` : 'null::int';
  return {
    sql: wrapResult(source, 'select * from pgrst_source', count, '', query.format),
    params: b.params,
  };
}

function representation(
  b: SqlBuilder,
  table: Table,
  query: ParsedQuery,
  returning: boolean,
): { returning: string; select: string } {
  if (!returning) return { returning: '1', select: 'select 1 from pgrst_source' };
  const alias = b.rootAlias(table.name);
  const inner: string[] = [];
  const items = b.selectList(table, alias, expandStar(table, query.select), '', inner);
  const order = b.orderBy(table, alias, query.order.get('') ?? [], '', query.select);
  return {
    returning: `${b.qualified(table)}.*`,
    select: `select ${items.join(', ')} from pgrst_source as ${ident(alias)}${inner.length > 0 ? ` where ${inner.join(' and ')}` : ''}${order}`,
  };
}

export function unknownColumn(table: Table, column: string): never {
  throw apiError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table.name}' in the schema cache`,
  );
}

export function insertStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  options: {
    body: string;
    columns: string[];
    missingDefault: boolean;
    resolution?: 'merge-duplicates' | 'ignore-duplicates';
    returning: boolean;
    count: boolean;
  },
): Statement {
  const b = new SqlBuilder(schema, query);
  for (const c of options.columns) if (!table.columns.has(c)) unknownColumn(table, c);
  const rowType = `null::${b.qualified(table)}`;
  const cols = options.columns.map(ident).join(', ');
  let source: string;
  if (options.columns.length === 0) {
    // `{}`: one row of defaults.
    source = `insert into ${b.qualified(table)} default values`;
  } else if (options.missingDefault) {
    const bodyParam = b.param(options.body);
    const values = options.columns.map((c) => {
      const column = table.columns.get(c);
      const fallback = column?.default ?? 'null';
      return `case when (_j.j::jsonb) ? ${literal(c)} then _r.${ident(c)} else ${fallback} end`;
    });
    source =
      `insert into ${b.qualified(table)} (${cols}) select ${values.join(', ')} ` +
      `from json_array_elements(${bodyParam}::json) as _j(j), lateral json_populate_record(${rowType}, _j.j) as _r`;
  } else {
    const bodyParam = b.param(options.body);
    source = `insert into ${b.qualified(table)} (${cols}) select ${cols} from json_populate_recordset(${rowType}, ${bodyParam}::json) as _r`;
  }
  if (options.resolution) {
    const target = query.onConflict ?? table.primaryKey;
    for (const c of target) if (!table.columns.has(c)) unknownColumn(table, c);
    if (options.resolution === 'ignore-duplicates') {
      source +=
        target.length > 0
          ? ` on conflict (${target.map(ident).join(', ')}) do nothing`
          : ' on conflict do nothing';
    } else {
      if (target.length === 0) {
        throw apiError(
          400,
          'PGRST120',
          `'${table.name}' has no primary key; use on_conflict to choose the columns`,
        );
      }
      const sets = options.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
      source += ` on conflict (${target.map(ident).join(', ')}) do ${sets.length > 0 ? `update set ${sets.join(', ')}` : 'nothing'}`;
    }
  }
  const rep = representation(b, table, query, options.returning);
  // Upserts also return whether each row was inserted (xmax = 0) or updated.
  const upsert = options.resolution === 'merge-duplicates';
  source += ` returning ${rep.returning}${upsert ? ', (xmax = 0) as "pgrst_inserted"' : ''}`;
  const count = totalCount(options.count);
  const inserted = upsert ? '(select count(*)::int from pgrst_source where "pgrst_inserted")' : '';
  return {
    sql: wrapResult(source, rep.select, count, inserted, query.format),
    params: b.params,
  };
}

export function updateStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  options: { body: string; columns: string[]; returning: boolean; count: boolean },
): Statement {
  const b = new SqlBuilder(schema, query);
  for (const c of options.columns) if (!table.columns.has(c)) unknownColumn(table, c);
  const alias = b.rootAlias(table.name);
  const bodyParam = b.param(options.body);
  const sets = options.columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  const where = b.rootWhere(table, alias, []);
  const source =
    `update ${b.qualified(table)} as ${ident(alias)} set ${sets} ` +
    `from json_populate_record(null::${b.qualified(table)}, ${bodyParam}::json) as _r${where}`;
  return changeStatement(b, query, table, alias, source, options);
}

export function deleteStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  options: { returning: boolean; count: boolean },
): Statement {
  const b = new SqlBuilder(schema, query);
  const alias = b.rootAlias(table.name);
  const where = b.rootWhere(table, alias, []);
  const source = `delete from ${b.qualified(table)} as ${ident(alias)}${where}`;
  return changeStatement(b, query, table, alias, source, options);
}

/** An update or delete of `alias`'s rows: its returning clause and the result every write has. */
function changeStatement(
  b: SqlBuilder,
  query: ParsedQuery,
  table: Table,
  alias: string,
  source: string,
  options: { returning: boolean; count: boolean },
): Statement {
  const rep = representation(b, table, query, options.returning);
  const returning = rep.returning === '1' ? '1' : `${ident(alias)}.*`;
  return {
    sql: wrapResult(
      `${source} returning ${returning}`,
      rep.select,
      totalCount(options.count),
      '',
      query.format,
    ),
    params: b.params,
  };
}

export function rpcStatement(
  schema: Schema,
  query: ParsedQuery,
  fn: Fn,
  options: {
    /** The raw body for a single unnamed argument (JSON text, or text/xml/bytea input). */
    args: string;
    /** Named arguments by name (an unnamed argument by the name ''). */
    values?: Record<string, unknown>;
    argNames: string[];
    wholeBody: boolean;
    page: { limit: number; offset: number; count: boolean };
  },
): Statement {
  const b = new SqlBuilder(schema, query);
  const qualified = b.qualified(fn.name);
  let from = '';
  let call: string;
  if (options.wholeBody) {
    const arg = fn.args[0];
    call = `${qualified}(${b.param(options.args)}::${arg?.type ?? 'json'})`;
  } else if (options.argNames.length === 0) {
    call = `${qualified}()`;
  } else {
    const args = options.argNames
      .map((n) => fn.args.find((a) => a.name === n))
      .filter((a) => a !== undefined);
    // Columns a0, a1, … of one json_to_record row carry the values with their declared types.
    const payload: Record<string, unknown> = {};
    args.forEach((a, i) => {
      payload[`a${i}`] = options.values?.[a.name];
    });
    from = ` from json_to_record(${b.param(JSON.stringify(payload))}::json) as _a(${args.map((a, i) => `${ident(`a${i}`)} ${a.type}`).join(', ')})`;
    call = `${qualified}(${args.map((a, i) => (a.name === '' ? `_a.${ident(`a${i}`)}` : `${ident(a.name)} := _a.${ident(`a${i}`)}`)).join(', ')})`;
  }
  if (fn.returnKind === 'void' || (!fn.returnsSet && fn.returnKind === 'scalar')) {
    return {
      sql: `select null::int as total_count, 1 as page_count, to_json(${call})::text as body${from}`,
      params: b.params,
    };
  }
  // A function returning rows of a table (or view) can embed that table's relationships.
  const table = fn.returnTable ? (schema.tables.get(fn.returnTable) ?? null) : null;
  const alias = b.rootAlias(fn.name);
  const source = from
    ? `${from.slice(' from '.length)} cross join lateral ${call} as ${ident(alias)}`
    : `${call} as ${ident(alias)}`;
  const inner: string[] = [];
  const items =
    fn.returnKind === 'scalar' ? [] : b.selectList(table, alias, query.select, '', inner);
  const where = b.rootWhere(table, alias, inner);
  const order = b.orderBy(table, alias, query.order.get('') ?? [], '', query.select);
  const page = fn.returnsSet ? ` limit ${options.page.limit} offset ${options.page.offset}` : '';
  if (fn.returnKind === 'scalar') {
    const inner = `select ${ident(alias)} as v from ${source}${where}${order}${page}`;
    return {
      sql:
        `select ${options.page.count ? `(select count(*)::int from ${source}${where})` : 'null::int'} as total_count, ` +
        `count(*)::int as page_count, coalesce(json_agg(_pgrst_t.v), '[]')::text as body from (${inner}) as _pgrst_t`,
      params: b.params,
    };
  }
  const body = `select ${items.join(', ')} from ${source}${where}${b.groupBy(alias, query.select)}${order}${page}`;
  const count = options.page.count ? `(select count(*)::int from ${source}${where})` : 'null::int';
  return {
    sql: `with pgrst_body as (${body}) select ${count} as total_count, count(*)::int as page_count, ${bodyExpr(query.format, 'pgrst_body')} as body from pgrst_body as _pgrst_t`,
    params: b.params,
  };
}
