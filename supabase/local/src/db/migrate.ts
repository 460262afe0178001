import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalDb } from './types.ts';

// Applies, in order and once each, the platform SQL of the embedded backend (Supabase roles,
// auth and storage schemas) and then supabase/migrations/*.sql, each file in its own
// transaction, tracked in supabase_migrations.schema_migrations as the Supabase CLI does.
//
// The first file is a baseline that replaced older migrations (squashed) and carries the last
// one's version, so a database that applied the whole old history has it recorded and skips it.
// A database that stopped part-way through the old history (some old versions recorded, the
// baseline's not) is refused before anything runs: the baseline would be applied over a
// partial schema.

export const PLATFORM_SQL_DIR = fileURLToPath(new URL('../../sql/platform/', import.meta.url));

export type Migration = { version: string; name: string; path: string };

export type MigrationReport = {
  applied: Migration[];
  /** True when the tracking table did not exist yet: a fresh database. */
  fresh: boolean;
};

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** `20240101000000_create_lessons.sql` → version 20240101000000, name create_lessons. */
export function parseMigrationFile(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const match = /^([0-9]+)_?(.*)$/.exec(base);
  return match
    ? { version: match[1] ?? base, name: match[2] ?? '' }
    : { version: base, name: base };
}

export function listMigrations(platformDir: string, migrationsDir: string): Migration[] {
  const platform = sqlFiles(platformDir).map((file) => ({
    version: `platform/${file.replace(/\.sql$/, '')}`,
    name: file.replace(/\.sql$/, ''),
    path: join(platformDir, file),
  }));
  const app = sqlFiles(migrationsDir).map((file) => ({
    ...parseMigrationFile(file),
    path: join(migrationsDir, file),
  }));
  return [...platform, ...app];
}

/** Numeric order of migration versions (digit strings of possibly different lengths). */
function versionBefore(a: string, b: string): boolean {
  return a.length !== b.length ? a.length < b.length : a < b;
}

/**
 * Throws when the database recorded application migrations that are no longer files and come
 * before the first file, while the first file (the baseline that replaced them) is not recorded.
 */
function assertNotHalfSquashed(recorded: Iterable<string>, migrations: Migration[]): void {
  const app = migrations.filter((m) => !m.version.startsWith('platform/'));
  const first = app[0];
  if (!first) return;
  const done = new Set(recorded);
  if (done.has(first.version)) return;
  const files = new Set(app.map((m) => m.version));
  const missing = [...done]
    .filter((v) => !v.startsWith('platform/') && !files.has(v) && versionBefore(v, first.version))
    .sort((a, b) => (versionBefore(a, b) ? -1 : 1));
  if (missing.length === 0) return;
  throw new Error(
    `this database recorded migrations that are no longer in ${dirname(first.path)} ` +
      `(${missing.join(', ')}) but not ${first.version}_${first.name}, which replaced them: ` +
      'it stopped part-way through the old migration history, and the baseline cannot be ' +
      'applied over that partial schema. Nothing was changed. Either apply the remaining ' +
      'migrations with a checkout from before the squash (then this one skips the baseline), ' +
      'or start with a fresh data directory (rm -rf .data, or an empty DATABASE_URL database).',
  );
}

export async function runMigrations(
  db: LocalDb,
  options: { platformDir?: string; migrationsDir: string },
): Promise<MigrationReport> {
  const existing = await db.query<{ present: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  const fresh = existing.rows[0]?.present !== true;
  await db.exec(
    'create schema if not exists supabase_migrations; ' +
      'create table if not exists supabase_migrations.schema_migrations (' +
      'version text primary key, name text, applied_at timestamptz not null default now());',
  );
  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const migrations = listMigrations(options.platformDir ?? PLATFORM_SQL_DIR, options.migrationsDir);
  assertNotHalfSquashed(done, migrations);
  const applied: Migration[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const sql = readFileSync(migration.path, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.exec('reset role; reset search_path;');
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [migration.version, migration.name],
        );
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`migration ${migration.path} failed: ${message}`, { cause: error });
    }
    applied.push(migration);
  }
  return { applied, fresh };
}
