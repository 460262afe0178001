import { apiError } from './errors.ts';
import { ident } from './ident.ts';
import type { Condition, Field, OrderTerm, ParsedQuery, SelectItem } from './parser.ts';
import { findRelationships, isToOne, type EmbedItem, type Relationship } from './relationships.ts';
import type { Schema, Table } from './schema.ts';

// Select lists and embedded resources. The filters and the order (filters.ts) complete the
// builder: SqlBuilder extends this class.

/** `*` spelled out as the table's columns (so helper columns of a CTE never leak into a body). */
export function expandStar(table: Table, items: SelectItem[]): SelectItem[] {
  return items.flatMap((item): SelectItem[] =>
    item.type === 'star'
      ? [...table.columns.keys()].map((name) => ({ type: 'column', field: { name, json: [] } }))
      : [item],
  );
}

export abstract class SelectBuilder {
  readonly params: unknown[] = [];
  #aliases = 0;
  /**
   * The columns a to-one spread adds to a level's select list, by that level's alias: when the
   * level aggregates they join its GROUP BY, as PostgREST groups by them (groupF).
   */
  readonly #spreadKeys = new Map<string, string[]>();

  constructor(
    readonly schema: Schema,
    readonly query: ParsedQuery,
  ) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A name for a helper relation of the query (a junction table), never a table's name. */
  alias(): string {
    return `pgrst_${this.#aliases++}`;
  }

  /**
   * The alias of the statement's own table or function: its name, as PostgREST writes it, so
   * an error names the table (`column users.missing does not exist`).
   */
  rootAlias(name: string): string {
    return name;
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
    // PostgREST's alias of an embedded table: <table>_<depth>.
    const depth = parentPath === '' ? 1 : parentPath.split('.').length + 1;
    const alias = `${rel.target.name}_${depth}`;
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
      // Each name, and whether it is a plain column (one a grouping level groups by).
      const columns = select.flatMap((s): { name: string; plain: boolean }[] => {
        if (s.type === 'column') {
          const last = s.field.json[s.field.json.length - 1];
          return [{ name: s.alias ?? (last ? last.key : s.field.name), plain: true }];
        }
        if (s.type === 'agg') return [{ name: s.alias ?? s.fn, plain: false }];
        if (s.type === 'embed' && !s.spread) return [{ name: s.alias ?? s.name, plain: false }];
        if (s.type === 'count') return [{ name: 'count', plain: false }];
        return [];
      });
      const names = columns.map((c) => c.name);
      if (isToOne(rel)) {
        const exprs = names.map((n) => `(select _e.${ident(n)} from (${body} limit 1) as _e)`);
        const keys = exprs.filter((_, i) => columns[i]?.plain);
        this.#spreadKeys.set(parentAlias, [...(this.#spreadKeys.get(parentAlias) ?? []), ...keys]);
        return exprs.map((expr, i) => `${expr} as ${ident(names[i] ?? '')}`);
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

  /**
   * ` group by` the plain columns of a select list that aggregates, and the columns its to-one
   * spreads add (PostgREST's rule). Called after selectList for the same alias.
   */
  groupBy(alias: string, items: SelectItem[]): string {
    if (!items.some((i) => i.type === 'agg')) return '';
    const keys = items
      .filter((i): i is Extract<SelectItem, { type: 'column' }> => i.type === 'column')
      .map((i) => {
        const expr = this.fieldExpr(alias, i.field);
        return i.cast ? `cast(${expr} as ${i.cast})` : expr;
      });
    keys.push(...(this.#spreadKeys.get(alias) ?? []));
    return keys.length > 0 ? ` group by ${keys.join(', ')}` : '';
  }

  abstract condition(
    cond: Condition,
    table: Table | null,
    alias: string,
    path: string,
    embeds: EmbedItem[],
  ): string;

  abstract orderBy(
    table: Table | null,
    alias: string,
    terms: OrderTerm[],
    path: string,
    items: SelectItem[],
  ): string;
}
