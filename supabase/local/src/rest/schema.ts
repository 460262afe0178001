import type { Queryable } from '../context.ts';

// The schema cache: tables, views, columns, keys, foreign keys and functions of the exposed
// schema, read from pg_catalog in one query and kept until migrations change the schema.

export type Column = {
  name: string;
  type: string;
  notNull: boolean;
  /** Default expression as Postgres prints it (null when none). */
  default: string | null;
  generated: boolean;
};

export type Table = {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints/indexes. */
  uniques: string[][];
};

export type ForeignKey = {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
};

export type FnArg = { name: string; type: string; hasDefault: boolean };

export type Fn = {
  name: string;
  /** Unnamed arguments have the name ''. */
  args: FnArg[];
  /** The table or view whose row type the function returns (setof or one row), if any. */
  returnTable: string | null;
  /**
   * Whether /rpc may call it: no unnamed arguments, or a single unnamed one of type bytea, json,
   * jsonb, text or xml (others serve only as computed relationships). Absent: callable.
   */
  callable?: boolean;
  returnType: string;
  returnsSet: boolean;
  /**
   * A set-returning function declared `ROWS 1` (pg_proc.prorows): as a computed relationship it
   * embeds as one object or null, as PostgREST reads it.
   */
  singleRow: boolean;
  /** scalar: one value; composite: a row (object); void: nothing. */
  returnKind: 'scalar' | 'composite' | 'void';
  volatility: 'immutable' | 'stable' | 'volatile';
};

export type Schema = {
  name: string;
  tables: Map<string, Table>;
  /** Foreign keys of tables, plus their copies through views whose columns carry the keys. */
  foreignKeys: (ForeignKey & { viaView?: boolean })[];
  functions: Map<string, Fn[]>;
};

type Raw = {
  tables:
    | {
        name: string;
        kind: string;
        columns:
          | {
              name: string;
              type: string;
              not_null: boolean;
              default: string | null;
              generated: boolean;
            }[]
          | null;
        pk: string[] | null;
        uniques: string[][] | null;
      }[]
    | null;
  fks:
    | { name: string; table: string; columns: string[]; ref_table: string; ref_columns: string[] }[]
    | null;
  view_cols: { view: string; table: string; column: string }[] | null;
  fns:
    | {
        name: string;
        arg_names: string[] | null;
        arg_modes: string[] | null;
        arg_types: string[];
        nargs: number;
        ndefaults: number;
        ret_type: string;
        oid: number | string;
        ret_table: string | null;
        callable: boolean;
        ret_set: boolean;
        ret_rows: number;
        ret_typtype: string;
        is_void: boolean;
        has_out: boolean;
        volatility: string;
      }[]
    | null;
};

const INTROSPECT = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
cols as (
  select a.attrelid, json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'not_null', a.attnotnull,
      'default', case when a.attidentity = 'd'
        then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', $1::text, r.relname), a.attname))
        else pg_get_expr(d.adbin, d.adrelid) end,
      'generated', a.attgenerated <> '' or a.attidentity = 'a'
    ) order by a.attnum) as columns
  from pg_attribute a
  join rels r on r.oid = a.attrelid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped
  group by a.attrelid
),
keys as (
  select i.indrelid,
    json_agg(array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o))
      filter (where i.indisunique) as uniques,
    (array_agg(array_to_json(array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)))
      filter (where i.indisprimary))[1] as pk
  from pg_index i join rels r on r.oid = i.indrelid
  group by i.indrelid
)
select
  (select json_agg(json_build_object(
      'name', r.relname,
      'kind', case when r.relkind in ('v', 'm') then 'view' else 'table' end,
      'columns', c.columns,
      'pk', k.pk,
      'uniques', k.uniques))
    from rels r left join cols c on c.attrelid = r.oid left join keys k on k.indrelid = r.oid) as tables,
  (select json_agg(json_build_object(
      'name', con.conname,
      'table', src.relname,
      'columns', array(select a.attname from unnest(con.conkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o),
      'ref_table', dst.relname,
      'ref_columns', array(select a.attname from unnest(con.confkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o)))
    from pg_constraint con
    join rels src on src.oid = con.conrelid
    join rels dst on dst.oid = con.confrelid
    where con.contype = 'f') as fks,
  (select json_agg(distinct jsonb_build_object('view', v.relname, 'table', t.relname, 'column', a.attname))
    from pg_rewrite rw
    join rels v on v.oid = rw.ev_class and v.relkind in ('v', 'm')
    join pg_depend dep on dep.classid = 'pg_rewrite'::regclass and dep.objid = rw.oid
      and dep.refclassid = 'pg_class'::regclass and dep.refobjsubid > 0
    join rels t on t.oid = dep.refobjid and t.oid <> v.oid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = dep.refobjsubid) as view_cols,
  (select json_agg(json_build_object(
      'name', p.proname,
      'oid', p.oid,
      'arg_names', p.proargnames,
      'arg_modes', p.proargmodes::text[],
      'arg_types', array(select format_type(t.oid, null)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(oid, o)
        join pg_type t on t.oid = u.oid order by u.o),
      'nargs', p.pronargs,
      'ndefaults', p.pronargdefaults,
      'ret_type', format_type(p.prorettype, null),
      'ret_table', (select c.relname from pg_class c
        where c.oid = t.typrelid and c.relnamespace = n.oid and c.relkind in ('r', 'v', 'm', 'f', 'p')),
      -- PostgREST calls functions without unnamed arguments, or with a single unnamed one
      -- of type bytea, json, jsonb, text or xml.
      'callable', case (select count(*) - count(nullif(nm, '')) from unnest(
          coalesce(p.proargnames, array_fill(''::text, array[p.pronargs])),
          coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs]))) as u(nm, md)
          where md in ('i', 'b', 'v'))
        when 0 then true
        when 1 then p.pronargs = 1 and p.proargtypes[0] in
          ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype)
        else false end,
      'ret_set', p.proretset,
      'ret_rows', p.prorows,
      'ret_typtype', t.typtype,
      'is_void', p.prorettype = 'void'::regtype,
      'has_out', coalesce('o' = any(p.proargmodes::text[]) or 't' = any(p.proargmodes::text[]), false),
      'volatility', p.provolatile))
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype) as fns
`;

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

export async function introspect(db: Queryable, schemaName = 'public'): Promise<Schema> {
  const { rows } = await db.query<Raw>(INTROSPECT, [schemaName]);
  const raw = rows[0] ?? { tables: null, fks: null, fns: null, view_cols: null };
  const tables = new Map<string, Table>();
  for (const t of raw.tables ?? []) {
    const columns = new Map<string, Column>();
    for (const c of t.columns ?? []) {
      columns.set(c.name, {
        name: c.name,
        type: c.type,
        notNull: c.not_null,
        default: c.default,
        generated: c.generated,
      });
    }
    tables.set(t.name, {
      name: t.name,
      kind: t.kind === 'view' ? 'view' : 'table',
      columns,
      primaryKey: t.pk ?? [],
      uniques: t.uniques ?? [],
    });
  }
  const tableKeys: ForeignKey[] = (raw.fks ?? []).map((fk) => ({
    name: fk.name,
    table: fk.table,
    columns: fk.columns,
    refTable: fk.ref_table,
    refColumns: fk.ref_columns,
  }));
  const foreignKeys = [...tableKeys, ...viewKeys(tables, tableKeys, raw.view_cols ?? [])];
  const functions = new Map<string, Fn[]>();
  const fns = [...(raw.fns ?? [])].sort((a, b) => Number(a.oid) - Number(b.oid));
  for (const f of fns) {
    const modes = f.arg_modes ?? [];
    const inputs: { name: string; type: string }[] = [];
    f.arg_types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        inputs.push({ name: f.arg_names?.[i] ?? '', type });
      }
    });
    const firstDefault = inputs.length - f.ndefaults;
    const composite =
      f.ret_typtype === 'c' || (f.ret_type === 'record' && (f.has_out || f.ret_set));
    const fn: Fn = {
      name: f.name,
      args: inputs.map((a, i) => ({ ...a, hasDefault: i >= firstDefault })),
      returnType: f.ret_type,
      returnTable: f.ret_table,
      callable: f.callable,
      returnsSet: f.ret_set,
      singleRow: !f.ret_set || Number(f.ret_rows) === 1,
      returnKind: f.is_void ? 'void' : composite ? 'composite' : 'scalar',
      volatility: VOLATILITY[f.volatility as keyof typeof VOLATILITY] ?? 'volatile',
    };
    const list = functions.get(f.name);
    if (list) list.push(fn);
    else functions.set(f.name, [fn]);
  }
  return { name: schemaName, tables, foreignKeys, functions };
}

/**
 * Foreign keys through views (as PostgREST derives them): a view that selects a table's key
 * columns under their own names carries the table's foreign keys, on either side, and a key
 * between two tables also holds between views of both.
 */
function viewKeys(
  tables: Map<string, Table>,
  keys: ForeignKey[],
  viewCols: { view: string; table: string; column: string }[],
): (ForeignKey & { viaView: true })[] {
  // view -> table -> columns the view shows under the same name
  const shows = new Map<string, Map<string, Set<string>>>();
  for (const { view, table, column } of viewCols) {
    if (!tables.get(view)?.columns.has(column)) continue;
    let byTable = shows.get(view);
    if (!byTable) shows.set(view, (byTable = new Map()));
    let cols = byTable.get(table);
    if (!cols) byTable.set(table, (cols = new Set()));
    cols.add(column);
  }
  const viewsOf = (table: string, columns: string[]): string[] =>
    [...shows.entries()]
      .filter(([, byTable]) => columns.every((c) => byTable.get(table)?.has(c)))
      .map(([view]) => view);
  const out: (ForeignKey & { viaView: true })[] = [];
  for (const fk of keys) {
    const sources = [fk.table, ...viewsOf(fk.table, fk.columns)];
    const targets = [fk.refTable, ...viewsOf(fk.refTable, fk.refColumns)];
    for (const table of sources) {
      for (const refTable of targets) {
        if (table === fk.table && refTable === fk.refTable) continue;
        out.push({ ...fk, table, refTable, viaView: true });
      }
    }
  }
  return out;
}
