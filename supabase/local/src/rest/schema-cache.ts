import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, ServerConfig } from '../context.ts';
import { parseToml, tomlTable } from '../functions/config-toml.ts';
import { apiError } from './errors.ts';
import { introspect, type Schema, type Table } from './schema.ts';

// The exposed schemas, the search_path of a request and the schema cache (PostgREST's
// introspection, reloaded when a name is missing).

export const DEFAULT_SCHEMA = 'public';

/** PostgREST's db-extra-search-path (hosted Supabase: public, extensions). */
const EXTRA_SEARCH_PATH = ['public', 'extensions'];

const exposedCache = new WeakMap<ServerConfig, string[]>();

/** The exposed schemas: ServerConfig.dbSchemas, else [api] schemas of config.toml, else public. */
export function exposedSchemas(config: ServerConfig): string[] {
  const known = exposedCache.get(config);
  if (known) return known;
  let schemas = config.dbSchemas;
  if (!schemas) {
    const path = join(config.supabaseDir, 'config.toml');
    const value = existsSync(path)
      ? tomlTable(parseToml(readFileSync(path, 'utf8')), ['api'])?.schemas
      : undefined;
    schemas =
      Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string')
        ? (value as string[])
        : [DEFAULT_SCHEMA];
  }
  exposedCache.set(config, schemas);
  return schemas;
}

export function searchPath(schema: string): string {
  return [schema, ...EXTRA_SEARCH_PATH.filter((s) => s !== schema)]
    .map((s) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : `"${s.replace(/"/g, '""')}"`))
    .join(', ');
}

type CacheEntry = { schema: Promise<Schema>; loadedAt: number };
const caches = new WeakMap<Db, Map<string, CacheEntry>>();

export function invalidateSchemaCache(db: Db): void {
  caches.delete(db);
}

function load(db: Db, name: string): CacheEntry {
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  const entries = byName;
  const entry: CacheEntry = { schema: introspect(db, name), loadedAt: Date.now() };
  entry.schema.catch(() => entries.delete(name));
  entries.set(name, entry);
  return entry;
}

export function getSchema(db: Db, name = DEFAULT_SCHEMA): Promise<Schema> {
  return (caches.get(db)?.get(name) ?? load(db, name)).schema;
}

/** Re-reads the catalogue when a name is missing (at most once a second). */
export async function refreshed(db: Db, name: string): Promise<Schema | null> {
  const entry = caches.get(db)?.get(name);
  if (entry && Date.now() - entry.loadedAt < 1000) return null;
  return load(db, name).schema;
}

export async function findTable(
  db: Db,
  schema: Schema,
  name: string,
): Promise<{ schema: Schema; table: Table }> {
  const table = schema.tables.get(name);
  if (table) return { schema, table };
  const fresh = await refreshed(db, schema.name);
  const again = fresh?.tables.get(name);
  if (fresh && again) return { schema: fresh, table: again };
  throw apiError(
    404,
    'PGRST205',
    `Could not find the table '${schema.name}.${name}' in the schema cache`,
  );
}
