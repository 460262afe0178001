import { fileURLToPath } from 'node:url';
import { openPglite } from '../db/pglite.ts';
import { PLATFORM_SQL_DIR, runMigrations } from '../db/migrate.ts';
import type { LocalDb } from '../db/types.ts';

// Generates the supabase-js `Database` type (the shape `supabase gen types typescript` emits)
// from the migrations: they are applied to an in-memory PGlite, then public's tables, columns,
// foreign keys and functions are read from the catalog. The output is committed as
// supabase/types/database.ts (outside this package, so the edge functions and the apps import it
// without reaching into the embedded backend); database.test.ts fails when it is stale.

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
export const OUTPUT_FILE = fileURLToPath(new URL('../../../types/database.ts', import.meta.url));

type Column = {
  table_name: string;
  column_name: string;
  type_name: string;
  elem_type: string | null;
  not_null: boolean;
  has_default: boolean;
  is_identity: boolean;
  is_generated: boolean;
};

type ForeignKey = {
  name: string;
  table_name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
  one_to_one: boolean;
};

type FunctionArg = {
  name: string;
  type_name: string;
  elem_type: string | null;
  has_default: boolean;
};

type FunctionInfo = {
  name: string;
  args: FunctionArg[];
  returns_set: boolean;
  return_type: string;
  return_elem_type: string | null;
  /** Output columns for `returns table (...)` or a composite return type. */
  out_columns: { name: string; type_name: string; elem_type: string | null; not_null?: boolean }[];
};

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'inet',
  'citext',
  'bytea',
  'name',
]);

/** `enums`: public's enum types; a column or argument of one is typed by the Enums section. */
function tsType(typeName: string, elemType: string | null, enums: ReadonlySet<string>): string {
  if (elemType) return `${tsType(elemType, null, enums)}[]`;
  if (enums.has(typeName)) return `Database['public']['Enums'][${JSON.stringify(typeName)}]`;
  if (NUMBER_TYPES.has(typeName)) return 'number';
  if (STRING_TYPES.has(typeName)) return 'string';
  if (typeName === 'bool') return 'boolean';
  if (typeName === 'json' || typeName === 'jsonb') return 'Json';
  if (typeName === 'void') return 'undefined';
  return 'unknown';
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

async function readCatalog(db: LocalDb) {
  const columns = await db.query<Column>(`
    select c.relname as table_name, a.attname as column_name, t.typname as type_name,
           et.typname as elem_type, a.attnotnull as not_null, a.atthasdef as has_default,
           a.attidentity <> '' as is_identity, a.attgenerated <> '' as is_generated
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`);
  const foreignKeys = await db.query<ForeignKey>(`
    select con.conname as name, c.relname as table_name,
           array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
           rc.relname as referenced_table,
           array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
           exists (
             select 1 from pg_index i
             where i.indrelid = con.conrelid and i.indisunique
               and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                 = (select array_agg(x order by x) from unnest(con.conkey) x)
           ) as one_to_one
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class rc on rc.oid = con.confrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
    order by c.relname, con.conname`);
  const functions = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    arg_elem_types: (string | null)[];
    arg_modes: string[] | null;
    n_defaults: number;
    returns_set: boolean;
    return_type: string;
    return_elem_type: string | null;
    return_relid: number;
    all_types: string[] | null;
    all_elem_types: (string | null)[] | null;
  }>(`
    select p.proname as name, p.proargnames as arg_names,
           array(select t.typname from unnest(p.proargtypes::oid[]) with ordinality x(o, i)
                 join pg_type t on t.oid = x.o order by x.i) as arg_types,
           array(select et.typname from unnest(p.proargtypes::oid[]) with ordinality x(o, i)
                 join pg_type t on t.oid = x.o
                 left join pg_type et on et.oid = t.typelem and t.typcategory = 'A' order by x.i) as arg_elem_types,
           p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as n_defaults,
           p.proretset as returns_set, rt.typname as return_type,
           ret.typname as return_elem_type, rt.typrelid::int as return_relid,
           array(select t.typname from unnest(p.proallargtypes) with ordinality x(o, i)
                 join pg_type t on t.oid = x.o order by x.i) as all_types,
           array(select et.typname from unnest(p.proallargtypes) with ordinality x(o, i)
                 join pg_type t on t.oid = x.o
                 left join pg_type et on et.oid = t.typelem and t.typcategory = 'A' order by x.i) as all_elem_types
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    left join pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
    where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname`);
  const enums = await db.query<{ name: string; labels: string[] }>(`
    select t.typname as name, array(select e.enumlabel from pg_enum e
                                    where e.enumtypid = t.oid order by e.enumsortorder) as labels
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype = 'e'
    order by t.typname`);
  const compositeColumns = new Map<
    number,
    { name: string; type_name: string; elem_type: string | null; not_null: boolean }[]
  >();
  const result: FunctionInfo[] = [];
  for (const f of functions.rows) {
    const inArgs: FunctionArg[] = [];
    const outColumns: FunctionInfo['out_columns'] = [];
    const names = f.arg_names ?? [];
    if (f.arg_modes) {
      const allTypes = f.all_types ?? [];
      const allElems = f.all_elem_types ?? [];
      f.arg_modes.forEach((mode, i) => {
        const name = names[i] ?? `arg${i}`;
        const type = { type_name: allTypes[i] ?? 'unknown', elem_type: allElems[i] ?? null };
        if (mode === 't' || mode === 'o') outColumns.push({ name, ...type });
        if (mode === 'i' || mode === 'b') {
          inArgs.push({ name, ...type, has_default: false });
        }
      });
    } else {
      f.arg_types.forEach((type_name, i) =>
        inArgs.push({
          name: names[i] ?? `arg${i}`,
          type_name,
          elem_type: f.arg_elem_types[i] ?? null,
          has_default: false,
        }),
      );
    }
    inArgs.forEach((arg, i) => {
      arg.has_default = i >= inArgs.length - f.n_defaults;
    });
    if (outColumns.length === 0 && f.return_relid !== 0) {
      let cols = compositeColumns.get(f.return_relid);
      if (!cols) {
        const res = await db.query<{
          name: string;
          type_name: string;
          elem_type: string | null;
          not_null: boolean;
        }>(
          `select a.attname as name, t.typname as type_name, et.typname as elem_type,
                  a.attnotnull as not_null
           from pg_attribute a join pg_type t on t.oid = a.atttypid
           left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
           where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
          [f.return_relid],
        );
        cols = res.rows;
        compositeColumns.set(f.return_relid, cols);
      }
      outColumns.push(...cols);
    }
    result.push({
      name: f.name,
      args: inArgs,
      returns_set: f.returns_set,
      return_type: f.return_type,
      return_elem_type: f.return_elem_type,
      out_columns: outColumns,
    });
  }
  return {
    columns: columns.rows,
    foreignKeys: foreignKeys.rows,
    functions: result,
    enums: enums.rows,
  };
}

function render(catalog: Awaited<ReturnType<typeof readCatalog>>): string {
  const enums = new Set(catalog.enums.map((e) => e.name));
  const ts = (typeName: string, elemType: string | null) => tsType(typeName, elemType, enums);
  const tables = new Map<string, Column[]>();
  for (const col of catalog.columns) {
    const list = tables.get(col.table_name) ?? [];
    list.push(col);
    tables.set(col.table_name, list);
  }
  const out: string[] = [];
  out.push(
    '// Generated by supabase/local/scripts/gen-types.ts from supabase/migrations. Do not edit.',
  );
  out.push('// Regenerate: npx tsx supabase/local/scripts/gen-types.ts');
  out.push('');
  out.push('export type Json =');
  out.push('  | string');
  out.push('  | number');
  out.push('  | boolean');
  out.push('  | null');
  out.push('  | { [key: string]: Json | undefined }');
  out.push('  | Json[];');
  out.push('');
  out.push('export type Database = {');
  out.push('  __InternalSupabase: {');
  out.push("    PostgrestVersion: '12';");
  out.push('  };');
  out.push('  public: {');
  out.push('    Tables: {');
  for (const [table, cols] of [...tables.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`      ${key(table)}: {`);
    out.push('        Row: {');
    for (const c of cols) {
      const t = ts(c.type_name, c.elem_type);
      out.push(`          ${key(c.column_name)}: ${c.not_null ? t : `${t} | null`};`);
    }
    out.push('        };');
    for (const mode of ['Insert', 'Update'] as const) {
      out.push(`        ${mode}: {`);
      for (const c of cols) {
        const t = ts(c.type_name, c.elem_type);
        const typed = c.not_null ? t : `${t} | null`;
        if (c.is_generated) out.push(`          ${key(c.column_name)}?: never;`);
        else if (mode === 'Update' || !c.not_null || c.has_default || c.is_identity)
          out.push(`          ${key(c.column_name)}?: ${typed};`);
        else out.push(`          ${key(c.column_name)}: ${typed};`);
      }
      out.push('        };');
    }
    const fks = catalog.foreignKeys.filter((fk) => fk.table_name === table);
    if (fks.length === 0) {
      out.push('        Relationships: [];');
    } else {
      out.push('        Relationships: [');
      for (const fk of fks) {
        out.push('          {');
        out.push(`            foreignKeyName: ${JSON.stringify(fk.name)};`);
        out.push(`            columns: [${fk.columns.map((c) => JSON.stringify(c)).join(', ')}];`);
        out.push(`            isOneToOne: ${String(fk.one_to_one)};`);
        out.push(`            referencedRelation: ${JSON.stringify(fk.referenced_table)};`);
        out.push(
          `            referencedColumns: [${fk.referenced_columns.map((c) => JSON.stringify(c)).join(', ')}];`,
        );
        out.push('          },');
      }
      out.push('        ];');
    }
    out.push('      };');
  }
  out.push('    };');
  out.push('    Views: {');
  out.push('      [_ in never]: never;');
  out.push('    };');
  out.push('    Functions: {');
  for (const f of catalog.functions) {
    out.push(`      ${key(f.name)}: {`);
    if (f.args.length === 0) {
      out.push('        Args: never;');
    } else {
      out.push('        Args: {');
      for (const a of f.args) {
        out.push(
          `          ${key(a.name)}${a.has_default ? '?' : ''}: ${ts(a.type_name, a.elem_type)};`,
        );
      }
      out.push('        };');
    }
    if (f.out_columns.length > 0) {
      out.push('        Returns: {');
      for (const c of f.out_columns) {
        out.push(
          `          ${key(c.name)}: ${ts(c.type_name, c.elem_type)}${c.not_null ? '' : ' | null'};`,
        );
      }
      out.push(f.returns_set ? '        }[];' : '        };');
    } else {
      const t = ts(f.return_type, f.return_elem_type);
      out.push(`        Returns: ${f.returns_set ? `${t}[]` : t};`);
    }
    out.push('      };');
  }
  out.push('    };');
  out.push('    Enums: {');
  if (catalog.enums.length === 0) out.push('      [_ in never]: never;');
  for (const e of catalog.enums) {
    out.push(`      ${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')};`);
  }
  out.push('    };');
  out.push('    CompositeTypes: {');
  out.push('      [_ in never]: never;');
  out.push('    };');
  out.push('  };');
  out.push('};');
  out.push('');
  out.push("type PublicSchema = Database['public'];");
  out.push('');
  out.push(
    "export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];",
  );
  out.push(
    "export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];",
  );
  out.push(
    "export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];",
  );
  out.push(
    "export type FunctionArgs<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Args'];",
  );
  out.push(
    "export type FunctionReturns<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]['Returns'];",
  );
  out.push("export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];");
  out.push('');
  // As `supabase gen types typescript` writes it: each enum's values, in the enum's order, as a
  // value the apps can iterate (core's lists of levels, languages, … are these).
  out.push('export const Constants = {');
  out.push('  public: {');
  out.push('    Enums: {');
  for (const e of catalog.enums) {
    out.push(`      ${key(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`);
  }
  out.push('    },');
  out.push('  },');
  out.push('} as const;');
  out.push('');
  return out.join('\n');
}

/** The TypeScript source of database.ts for the current migrations (unformatted). */
export async function generateDatabaseTypes(migrationsDir = MIGRATIONS_DIR): Promise<string> {
  const db = await openPglite(undefined);
  try {
    await runMigrations(db, { platformDir: PLATFORM_SQL_DIR, migrationsDir });
    return render(await readCatalog(db));
  } finally {
    await db.close();
  }
}
