import { apiError } from './errors.ts';
import type {
  BodyFormat,
  Condition,
  Field,
  Filter,
  OrderTerm,
  ParsedQuery,
  SelectItem,
} from './parser.ts';
import type { ForeignKey, Fn, Schema, Table } from './schema.ts';

// Turns a parsed request into one SQL statement whose single row carries the response body,
// built by Postgres (json_agg), so a request is one round trip. Identifiers are always quoted,
// values are always parameters.

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

type EmbedItem = Extract<SelectItem, { type: 'embed' }>;

export type Relationship = {
  cardinality: 'm2o' | 'o2m' | 'o2o' | 'm2m';
  target: Table;
  constraint: string;
  /** Pairs [target column, parent column] (for m2m: [junction column, parent column]). */
  on: [string, string][];
  junction?: { table: Table; toTarget: [string, string][] };
  /** A computed relationship: a function taking the parent's row (from = fn(parent)). */
  computed?: Fn;
};

type Candidate = Relationship & {
  fks: ForeignKey[];
  self: boolean;
  targetIsView: boolean;
  /** Single-column key: [the column on the parent's side, the column on the target's side]. */
  single?: [string, string];
};

function zip(a: string[], b: string[]): [string, string][] {
  return a.map((x, i) => [x, b[i] ?? '']);
}

function isUnique(table: Table, columns: string[]): boolean {
  return table.uniques.some(
    (u) => u.length === columns.length && u.every((c) => columns.includes(c)),
  );
}

function describe(fk: ForeignKey): string {
  return `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`;
}

/** A function `fn(parent_row)` returning rows of a table or view: a computed relationship. */
function takesRowOf(fn: Fn, schema: Schema, parent: Table): boolean {
  const arg = fn.args[0];
  if (fn.args.length !== 1 || !arg || !fn.returnTable) return false;
  const type = arg.type.replace(/^"|"$/g, '');
  return type === parent.name || type === `${schema.name}.${parent.name}`;
}

/** Every relationship of `parent` (PostgREST's schema cache, for one origin). */
function relationshipsOf(schema: Schema, parent: Table): Candidate[] {
  const found: Candidate[] = [];
  for (const fk of schema.foreignKeys) {
    const self = fk.table === fk.refTable;
    if (fk.table === parent.name) {
      const target = schema.tables.get(fk.refTable);
      if (target) {
        found.push({
          cardinality: 'm2o',
          target,
          constraint: fk.name,
          on: zip(fk.refColumns, fk.columns),
          fks: [fk],
          self,
          targetIsView: target.kind === 'view',
          ...(fk.columns.length === 1
            ? { single: [fk.columns[0] ?? '', fk.refColumns[0] ?? ''] as [string, string] }
            : {}),
        });
      }
    }
    if (fk.refTable === parent.name) {
      const target = schema.tables.get(fk.table);
      if (target) {
        found.push({
          cardinality: !self && isUnique(target, fk.columns) ? 'o2o' : 'o2m',
          target,
          constraint: fk.name,
          on: zip(fk.columns, fk.refColumns),
          fks: [fk],
          self,
          targetIsView: target.kind === 'view',
          ...(fk.columns.length === 1
            ? { single: [fk.refColumns[0] ?? '', fk.columns[0] ?? ''] as [string, string] }
            : {}),
        });
      }
    }
  }
  // many-to-many through a junction table whose keys to both sides are covered by a unique key
  for (const toParent of schema.foreignKeys) {
    if (toParent.refTable !== parent.name) continue;
    const junction = schema.tables.get(toParent.table);
    if (!junction || junction.name === parent.name || junction.kind === 'view') continue;
    for (const toTarget of schema.foreignKeys) {
      if (toTarget === toParent || toTarget.table !== junction.name) continue;
      if (toTarget.refTable === junction.name) continue;
      const target = schema.tables.get(toTarget.refTable);
      if (!target) continue;
      const keyCols = [...toParent.columns, ...toTarget.columns];
      const covered = junction.uniques.some((u) => keyCols.every((c) => u.includes(c)));
      if (!covered) continue;
      found.push({
        cardinality: 'm2m',
        target,
        constraint: `${toParent.name}, ${toTarget.name}`,
        on: zip(toParent.columns, toParent.refColumns),
        junction: { table: junction, toTarget: zip(toTarget.columns, toTarget.refColumns) },
        fks: [toParent, toTarget],
        self: false,
        targetIsView: target.kind === 'view',
      });
    }
  }
  return found;
}

export function findRelationships(
  schema: Schema,
  parent: Table,
  name: string,
  hint: string | undefined,
): Relationship[] {
  // Computed relationships: a function of the parent's row, named like the embed.
  const computed = (schema.functions.get(name) ?? []).filter((fn) =>
    takesRowOf(fn, schema, parent),
  );
  const matching: Candidate[] = [];
  for (const fn of computed) {
    const target = fn.returnTable ? schema.tables.get(fn.returnTable) : undefined;
    if (!target) continue;
    matching.push({
      cardinality: fn.returnsSet ? 'o2m' : 'm2o',
      target,
      constraint: fn.name,
      on: [],
      computed: fn,
      fks: [],
      self: false,
      targetIsView: target.kind === 'view',
    });
  }
  for (const r of relationshipsOf(schema, parent)) {
    const toOne = r.cardinality === 'm2o' || r.cardinality === 'o2o';
    const matchesConstraint = (h: string) => r.cardinality !== 'm2m' && r.constraint === h;
    const matchesColumn = (h: string) => r.single?.[0] === h;
    const matchesRefColumn = (h: string) => r.single?.[1] === h;
    let ok: boolean;
    if (r.self && r.cardinality !== 'm2m') {
      // One foreign key, two relationships: `tree(*)` and `tree!parent_id(*)` are the children,
      // `parent_id(*)` is the parent.
      ok =
        hint === undefined
          ? (name === r.target.name && r.cardinality === 'o2m') ||
            (toOne && r.cardinality === 'm2o' && matchesColumn(name))
          : name === r.target.name && r.cardinality === 'o2m' && matchesRefColumn(hint);
    } else if (hint === undefined) {
      ok =
        name === r.target.name ||
        (!r.targetIsView && (matchesConstraint(name) || matchesColumn(name)));
    } else {
      ok =
        name === r.target.name &&
        (matchesConstraint(hint) ||
          matchesColumn(hint) ||
          matchesRefColumn(hint) ||
          (r.junction !== undefined && r.junction.table.name === hint));
    }
    if (ok) matching.push(r);
  }
  if (matching.length === 0) {
    throw apiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema.name}', but no matches were found.`,
      null,
    );
  }
  if (matching.length > 1) {
    const details = matching.map((r) => ({
      cardinality:
        r.cardinality === 'm2o'
          ? 'many-to-one'
          : r.cardinality === 'o2m'
            ? 'one-to-many'
            : r.cardinality === 'o2o'
              ? 'one-to-one'
              : 'many-to-many',
      embedding: `${parent.name} with ${name}`,
      relationship: r.fks.map(describe).join(', '),
    }));
    const options = matching.map(
      (r) => `'${name}!${r.junction ? r.junction.table.name : r.constraint}'`,
    );
    const error = apiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      null,
      `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
    );
    (error.body as { details: unknown }).details = details;
    throw error;
  }
  const [only] = matching;
  if (!only) throw new Error('unreachable');
  const { fks: _fks, self: _self, targetIsView: _view, single: _single, ...relationship } = only;
  return [relationship];
}

function isToOne(r: Relationship): boolean {
  return r.cardinality === 'm2o' || r.cardinality === 'o2o';
}

export class SqlBuilder {
  readonly params: unknown[] = [];
  #aliases = 0;

  constructor(
    readonly schema: Schema,
    readonly query: ParsedQuery,
  ) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `t${this.#aliases++}`;
  }

  qualified(table: Table | string): string {
    return `${ident(this.schema.name)}.${ident(typeof table === 'string' ? table : table.name)}`;
  }

  fieldExpr(alias: string, field: Field): string {
    let expr = `${ident(alias)}.${ident(field.name)}`;
    for (const step of field.json) {
      const key = /^-?[0-9]+$/.test(step.key)
        ? `${this.param(step.key)}::int`
        : `${this.param(step.key)}::text`;
      expr += `${step.arrow}${key}`;
    }
    return expr;
  }

  // ---- select lists -------------------------------------------------------------------------

  /** The select list of one level; `inner` collects EXISTS conditions of !inner embeds. */
  selectList(
    table: Table | null,
    alias: string,
    items: SelectItem[],
    path: string,
    inner: string[],
  ): string[] {
    const out: string[] = [];
    // PostgREST names each embed's subquery <parent>_<alias or name>_<depth>: the same name
    // twice in one select list is Postgres' duplicate alias error.
    const embedNames = new Set<string>();
    const depth = path === '' ? 1 : path.split('.').length + 1;
    for (const item of items) {
      if (item.type === 'embed' && table) {
        const aggAlias = `${table.name}_${item.alias ?? item.name}_${depth}`;
        if (embedNames.has(aggAlias)) {
          throw apiError(400, '42712', `table name "${aggAlias}" specified more than once`);
        }
        embedNames.add(aggAlias);
      }
    }
    for (const item of items) {
      if (item.type === 'star') {
        out.push(`${ident(alias)}.*`);
      } else if (item.type === 'count') {
        out.push(`count(*) as "count"`);
      } else if (item.type === 'agg') {
        let input = '*';
        if (item.field) {
          input = this.fieldExpr(alias, item.field);
          if (item.cast) input = `cast(${input} as ${item.cast})`;
        }
        let expr = `${item.fn}(${input})`;
        if (item.outCast) expr = `cast(${expr} as ${item.outCast})`;
        out.push(`${expr} as ${ident(item.alias ?? item.fn)}`);
      } else if (item.type === 'column') {
        const last = item.field.json[item.field.json.length - 1];
        const name = item.alias ?? (last ? last.key : item.field.name);
        let expr = this.fieldExpr(alias, item.field);
        if (item.cast) expr = `cast(${expr} as ${item.cast})`;
        out.push(`${expr} as ${ident(name)}`);
      } else {
        if (!table) {
          throw apiError(400, 'PGRST200', `Could not find a relationship for '${item.name}'`);
        }
        out.push(...this.embed(table, alias, item, path, inner));
      }
    }
    return out;
  }

  embedPath(parentPath: string, item: EmbedItem): string[] {
    const names = item.alias ? [item.alias, item.name] : [item.name];
    return names.map((n) => (parentPath ? `${parentPath}.${n}` : n));
  }

  paramsFor<T>(map: Map<string, T>, paths: string[]): T | undefined {
    for (const p of paths) {
      const v = map.get(p);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** FROM + WHERE (join and filters) of an embedded resource, relative to its parent alias. */
  embedSource(
    parent: Table,
    parentAlias: string,
    item: EmbedItem,
    parentPath: string,
  ): { rel: Relationship; alias: string; from: string; where: string[]; paths: string[] } {
    const [rel] = findRelationships(this.schema, parent, item.name, item.hint);
    if (!rel) throw new Error('unreachable');
    const alias = this.alias();
    const paths = this.embedPath(parentPath, item);
    const where: string[] = [];
    let from = `${this.qualified(rel.target)} as ${ident(alias)}`;
    if (rel.computed) {
      from = `${this.qualified(rel.computed.name)}(${ident(parentAlias)}) as ${ident(alias)}`;
    } else if (rel.junction) {
      const j = this.alias();
      from += ` join ${this.qualified(rel.junction.table)} as ${ident(j)} on ${rel.junction.toTarget
        .map(([jc, tc]) => `${ident(j)}.${ident(jc)} = ${ident(alias)}.${ident(tc)}`)
        .join(' and ')}`;
      for (const [jc, pc] of rel.on) {
        where.push(`${ident(j)}.${ident(jc)} = ${ident(parentAlias)}.${ident(pc)}`);
      }
    } else {
      for (const [tc, pc] of rel.on) {
        where.push(`${ident(alias)}.${ident(tc)} = ${ident(parentAlias)}.${ident(pc)}`);
      }
    }
    const conditions = this.paramsFor(this.query.conditions, paths) ?? [];
    const nestedEmbeds = item.select.filter((s): s is EmbedItem => s.type === 'embed');
    for (const c of conditions) {
      where.push(this.condition(c, rel.target, alias, paths[0] ?? '', nestedEmbeds));
    }
    return { rel, alias, from, where, paths };
  }

  embed(
    parent: Table,
    parentAlias: string,
    item: EmbedItem,
    parentPath: string,
    parentInner: string[],
  ): string[] {
    const { rel, alias, from, where, paths } = this.embedSource(
      parent,
      parentAlias,
      item,
      parentPath,
    );
    const path = paths[0] ?? item.name;
    const inner: string[] = [];
    const select = item.spread ? expandStar(rel.target, item.select) : item.select;
    const items = this.selectList(rel.target, alias, select, path, inner);
    where.push(...inner);
    const whereSql = where.length > 0 ? ` where ${where.join(' and ')}` : '';
    if (item.join === 'inner') parentInner.push(`exists (select 1 from ${from}${whereSql})`);
    if (item.select.length === 0) return [];
    const name = ident(item.alias ?? item.name);
    const onlyCount = item.select.length === 1 && item.select[0]?.type === 'count';
    if (onlyCount) {
      const obj = `json_build_object('count', count(*))`;
      return [
        `(select ${isToOne(rel) ? obj : `json_build_array(${obj})`} from ${from}${whereSql}) as ${name}`,
      ];
    }
    const order = this.orderBy(
      rel.target,
      alias,
      this.paramsFor(this.query.order, paths) ?? [],
      path,
      item.select,
    );
    const limit = this.paramsFor(this.query.limit, paths);
    const offset = this.paramsFor(this.query.offset, paths);
    const page = `${limit !== undefined ? ` limit ${limit}` : ''}${offset !== undefined ? ` offset ${offset}` : ''}`;
    const body = `select ${items.join(', ')} from ${from}${whereSql}${this.groupBy(alias, item.select)}${order}`;
    if (item.spread) {
      // The spread's columns join the parent's: one value from a to-one relationship, a JSON
      // array of values (in the embed's order) from a to-many one.
      const names = select.flatMap((s): string[] => {
        if (s.type === 'column') {
          const last = s.field.json[s.field.json.length - 1];
          return [s.alias ?? (last ? last.key : s.field.name)];
        }
        if (s.type === 'agg') return [s.alias ?? s.fn];
        if (s.type === 'embed' && !s.spread) return [s.alias ?? s.name];
        if (s.type === 'count') return ['count'];
        return [];
      });
      if (isToOne(rel)) {
        return names.map(
          (n) => `(select _e.${ident(n)} from (${body} limit 1) as _e) as ${ident(n)}`,
        );
      }
      return names.map(
        (n) =>
          `(select coalesce(json_agg(_e.${ident(n)}), '[]') from (${body}${page}) as _e) as ${ident(n)}`,
      );
    }
    if (isToOne(rel)) {
      return [`(select row_to_json(_e) from (${body} limit 1) as _e) as ${name}`];
    }
    return [`(select coalesce(json_agg(_e), '[]') from (${body}${page}) as _e) as ${name}`];
  }

  // ---- filters ------------------------------------------------------------------------------

  condition(
    cond: Condition,
    table: Table | null,
    alias: string,
    path: string,
    embeds: EmbedItem[],
  ): string {
    if (cond.type === 'logic') {
      const parts = cond.conditions.map((c) => this.condition(c, table, alias, path, embeds));
      const joined =
        parts.length === 0 ? 'true' : `(${parts.join(cond.op === 'or' ? ' or ' : ' and ')})`;
      return cond.negate ? `not ${joined}` : joined;
    }
    const f = cond.filter;
    const embed = embeds.find(
      (e) => (e.alias ?? e.name) === f.field.name || e.name === f.field.name,
    );
    if (
      embed &&
      table &&
      f.op === 'is' &&
      f.field.json.length === 0 &&
      (f.value === 'null' || f.value === 'not_null')
    ) {
      const { from, where } = this.embedSource(table, alias, embed, path);
      const exists = `exists (select 1 from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''})`;
      const wantNull = (f.value === 'null') !== f.negate;
      return wantNull ? `not ${exists}` : exists;
    }
    const expr = this.filterExpr(this.fieldExpr(alias, f.field), f);
    return f.negate ? `not (${expr})` : expr;
  }

  filterExpr(col: string, f: Filter): string {
    const single = (op: string, value: string) => `${col} ${op} ${this.param(value)}`;
    const quantified = (op: string) => {
      const values = Array.isArray(f.value) ? f.value : [f.value];
      if (values.length === 0) return f.quantifier === 'all' ? 'true' : 'false';
      const parts = values.map((v) => `${col} ${op} ${this.param(v)}`);
      return `(${parts.join(f.quantifier === 'all' ? ' and ' : ' or ')})`;
    };
    const binary: Record<string, string> = {
      eq: '=',
      neq: '<>',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
      like: 'like',
      ilike: 'ilike',
      match: '~',
      imatch: '~*',
      cs: '@>',
      cd: '<@',
      ov: '&&',
      sl: '<<',
      sr: '>>',
      nxr: '&<',
      nxl: '&>',
      adj: '-|-',
    };
    switch (f.op) {
      case 'in': {
        const values = Array.isArray(f.value) ? f.value : [f.value];
        if (values.length === 0) return 'false';
        return `${col} in (${values.map((v) => this.param(v)).join(', ')})`;
      }
      case 'is': {
        const v = String(f.value);
        if (v === 'not_null') return `${col} is not null`;
        return `${col} is ${v}`;
      }
      case 'isdistinct':
        return `${col} is distinct from ${this.param(String(f.value))}`;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = {
          fts: 'to_tsquery',
          plfts: 'plainto_tsquery',
          phfts: 'phraseto_tsquery',
          wfts: 'websearch_to_tsquery',
        }[f.op];
        const cfg = f.config ? `${this.param(f.config)}::regconfig, ` : '';
        return `${col} @@ ${fn}(${cfg}${this.param(String(f.value))})`;
      }
      case 'ov': {
        const v = String(f.value);
        // `ov.(1,2)` lists are array literals for Postgres.
        const value = v.startsWith('(') && v.endsWith(')') ? `{${v.slice(1, -1)}}` : v;
        return single('&&', value);
      }
      default: {
        const op = binary[f.op];
        if (!op) throw apiError(400, 'PGRST100', `unknown operator ${f.op}`);
        if (f.quantifier) return quantified(op);
        return single(op, String(f.value));
      }
    }
  }

  /** ` group by` the plain columns of a select list that aggregates (PostgREST's rule). */
  groupBy(alias: string, items: SelectItem[]): string {
    if (!items.some((i) => i.type === 'agg')) return '';
    const keys = items
      .filter((i): i is Extract<SelectItem, { type: 'column' }> => i.type === 'column')
      .map((i) => {
        const expr = this.fieldExpr(alias, i.field);
        return i.cast ? `cast(${expr} as ${i.cast})` : expr;
      });
    return keys.length > 0 ? ` group by ${keys.join(', ')}` : '';
  }

  // ---- order --------------------------------------------------------------------------------

  orderBy(
    table: Table | null,
    alias: string,
    terms: OrderTerm[],
    path: string,
    items: SelectItem[],
  ): string {
    if (terms.length === 0) return '';
    const parts = terms.map((t) => {
      let expr: string;
      if (t.relation) {
        const embed = items.find(
          (s): s is EmbedItem =>
            s.type === 'embed' && ((s.alias ?? s.name) === t.relation || s.name === t.relation),
        );
        if (!embed || !table) {
          throw apiError(
            400,
            'PGRST108',
            `'${t.relation}' is not an embedded resource in this request`,
            null,
            `Verify that '${t.relation}' is included in the 'select' query parameter.`,
          );
        }
        const { rel, alias: a, from, where } = this.embedSource(table, alias, embed, path);
        if (!isToOne(rel)) {
          throw apiError(
            400,
            'PGRST118',
            `A related order on '${t.relation}' is not possible`,
            `'${t.relation}' is not a to-one relationship`,
          );
        }
        expr = `(select ${this.fieldExpr(a, t.field)} from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''} limit 1)`;
      } else {
        expr = this.fieldExpr(alias, t.field);
      }
      return `${expr} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return ` order by ${parts.join(', ')}`;
  }

  /** WHERE of the root level (filters plus !inner / rel=not.is.null embeds). */
  rootWhere(table: Table | null, alias: string, inner: string[]): string {
    const embeds = this.query.select.filter((s): s is EmbedItem => s.type === 'embed');
    const parts = (this.query.conditions.get('') ?? []).map((c) =>
      this.condition(c, table, alias, '', embeds),
    );
    parts.push(...inner);
    return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
  }
}

// ---- statements -----------------------------------------------------------------------------

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
  const alias = b.alias();
  const where = b.rootWhere(table, alias, []);
  return {
    sql: `select 1 from ${b.qualified(table)} as ${ident(alias)}${where}`,
    params: b.params,
  };
}

/** `*` spelled out as the table's columns (so helper columns of a CTE never leak into a body). */
function expandStar(table: Table, items: SelectItem[]): SelectItem[] {
  return items.flatMap((item): SelectItem[] =>
    item.type === 'star'
      ? [...table.columns.keys()].map((name) => ({ type: 'column', field: { name, json: [] } }))
      : [item],
  );
}

export function readStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  page: { limit: number; offset: number; count: boolean },
): Statement {
  const b = new SqlBuilder(schema, query);
  const alias = b.alias();
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
  const alias = b.alias();
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
  const count = options.count ? '(select count(*)::int from pgrst_source)' : 'null::int';
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
  const alias = b.alias();
  const bodyParam = b.param(options.body);
  const sets = options.columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  const where = b.rootWhere(table, alias, []);
  const rep = representation(b, table, query, options.returning);
  const source =
    `update ${b.qualified(table)} as ${ident(alias)} set ${sets} ` +
    `from json_populate_record(null::${b.qualified(table)}, ${bodyParam}::json) as _r${where} ` +
    `returning ${rep.returning === '1' ? '1' : `${ident(alias)}.*`}`;
  const count = options.count ? '(select count(*)::int from pgrst_source)' : 'null::int';
  return { sql: wrapResult(source, rep.select, count, '', query.format), params: b.params };
}

export function deleteStatement(
  schema: Schema,
  query: ParsedQuery,
  table: Table,
  options: { returning: boolean; count: boolean },
): Statement {
  const b = new SqlBuilder(schema, query);
  const alias = b.alias();
  const where = b.rootWhere(table, alias, []);
  const rep = representation(b, table, query, options.returning);
  const source = `delete from ${b.qualified(table)} as ${ident(alias)}${where} returning ${rep.returning === '1' ? '1' : `${ident(alias)}.*`}`;
  const count = options.count ? '(select count(*)::int from pgrst_source)' : 'null::int';
  return { sql: wrapResult(source, rep.select, count, '', query.format), params: b.params };
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
  const alias = b.alias();
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
