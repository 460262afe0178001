import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalDb } from './types.ts';

// Applies, in order and once each, the platform SQL of the embedded backend (Supabase roles,
// auth and storage schemas) and then supabase/migrations/*.sql, each file in its own
// transaction, tracked in supabase_migrations.schema_migrations as the Supabase CLI does.

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
  const applied: Migration[] = [];
  for (const migration of listMigrations(
    options.platformDir ?? PLATFORM_SQL_DIR,
    options.migrationsDir,
  )) {
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
