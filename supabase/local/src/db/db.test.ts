import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, parseMigrationFile, runMigrations } from './migrate.ts';
import { openDb } from './open.ts';
import type { LocalDb } from './types.ts';

describe('PGlite database layer', () => {
  let dir: string;
  let db: LocalDb;
  const migrations = () => join(dir, 'migrations');
  const platform = () => join(dir, 'platform');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-db-'));
    mkdirSync(migrations());
    mkdirSync(platform());
    writeFileSync(
      join(platform(), '0001_base.sql'),
      'create table public.base (id int primary key);',
    );
    writeFileSync(
      join(migrations(), '20240102000000_second.sql'),
      'insert into public.items (id, name) values (1, $$one$$);',
    );
    writeFileSync(
      join(migrations(), '20240101000000_first.sql'),
      'create table public.items (id int primary key, name text not null);\n' +
        'create function public.slow_fail() returns int language sql as $$ select 1 / 0 $$;',
    );
    db = await openDb({ dataDir: dir, inMemory: true });
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names migrations by their timestamp prefix', () => {
    expect(parseMigrationFile('20240101000000_create_lessons.sql')).toEqual({
      version: '20240101000000',
      name: 'create_lessons',
    });
    expect(listMigrations(platform(), migrations()).map((m) => m.version)).toEqual([
      'platform/0001_base',
      '20240101000000',
      '20240102000000',
    ]);
  });

  it('applies platform SQL then migrations in order, once', async () => {
    const first = await runMigrations(db, { platformDir: platform(), migrationsDir: migrations() });
    expect(first.fresh).toBe(true);
    expect(first.applied.map((m) => m.version)).toEqual([
      'platform/0001_base',
      '20240101000000',
      '20240102000000',
    ]);
    const again = await runMigrations(db, { platformDir: platform(), migrationsDir: migrations() });
    expect(again.fresh).toBe(false);
    expect(again.applied).toEqual([]);
    const { rows } = await db.query<{ name: string }>('select name from public.items');
    expect(rows).toEqual([{ name: 'one' }]);
  });

  it('rolls back a failing migration and names the file', async () => {
    writeFileSync(
      join(migrations(), '20240103000000_broken.sql'),
      'create table public.half (id int);\nselect no_such_function();',
    );
    await expect(
      runMigrations(db, { platformDir: platform(), migrationsDir: migrations() }),
    ).rejects.toThrow(/20240103000000_broken\.sql failed/);
    const { rows } = await db.query("select to_regclass('public.half') as t");
    expect(rows[0]).toEqual({ t: null });
    rmSync(join(migrations(), '20240103000000_broken.sql'));
  });

  it('runs a request as one transaction and returns the rows', async () => {
    const rows = await db.request({
      readOnly: false,
      setup: { sql: "select set_config('request.path', $1, true)", params: ['/items'] },
      main: {
        sql: "insert into public.items (id, name) values ($1, current_setting('request.path')) returning id, name",
        params: [2],
      },
    });
    expect(rows).toEqual([['2', '/items']]);
    const after = await db.query<{ p: string }>(
      "select coalesce(current_setting('request.path', true), '') as p",
    );
    expect(after.rows[0]?.p).toBe('');
  });

  it('rolls back when a statement fails and keeps working afterwards', async () => {
    const request = (id: number) =>
      db.request({
        readOnly: false,
        setup: { sql: 'select 1', params: [] },
        main: { sql: 'insert into public.items (id, name) values ($1, $2)', params: [id, 'x'] },
      });
    await expect(request(1)).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.request({
        readOnly: false,
        setup: { sql: 'select 1', params: [] },
        main: { sql: 'select public.slow_fail()', params: [] },
      }),
    ).rejects.toMatchObject({ code: '22012' });
    await request(3);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.items');
    expect(rows[0]?.n).toBe(3);
  });

  it('rolls back when the commit callback says so', async () => {
    await db.request({
      readOnly: false,
      setup: { sql: 'select 1', params: [] },
      main: { sql: 'delete from public.items returning id', params: [] },
      commit: (rows) => rows.length === 1,
    });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.items');
    expect(rows[0]?.n).toBe(3);
  });

  it('refuses writes in read-only requests', async () => {
    await expect(
      db.request({
        readOnly: true,
        setup: { sql: 'select 1', params: [] },
        main: { sql: 'delete from public.items', params: [] },
      }),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('re-prepares statements after the table they read changes shape', async () => {
    const read = () =>
      db.request({
        readOnly: true,
        setup: { sql: 'select 1', params: [] },
        main: { sql: 'select * from public.items order by id limit 1', params: [] },
      });
    expect((await read())[0]).toHaveLength(2);
    await db.exec('alter table public.items add column extra text');
    expect((await read())[0]).toHaveLength(3);
  });
});

// supabase/migrations was squashed into one baseline carrying the last old migration's version.
// The old history here: 20240101000000 and 20240102000000, replaced by the baseline
// 20240103000000_baseline (the old last version).
describe('a squashed migration history', () => {
  let dir: string;
  let db: LocalDb | undefined;
  const migrations = () => join(dir, 'migrations');
  const platform = () => join(dir, 'platform');
  const run = (target: LocalDb) =>
    runMigrations(target, { platformDir: platform(), migrationsDir: migrations() });
  const recorded = async (target: LocalDb) =>
    (
      await target.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      )
    ).rows.map((r) => r.version);
  const tables = async (target: LocalDb) =>
    (
      await target.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public' order by 1",
      )
    ).rows.map((r) => r.name);
  /** A database whose tracking table holds `versions` (and nothing else was applied). */
  const withRecorded = async (versions: string[]) => {
    const target = await openDb({ dataDir: dir, inMemory: true });
    await target.exec(
      'create schema supabase_migrations; create table supabase_migrations.schema_migrations (' +
        'version text primary key, name text, applied_at timestamptz not null default now());',
    );
    for (const version of versions) {
      await target.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [version, 'old'],
      );
    }
    return target;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-squash-'));
    mkdirSync(migrations());
    mkdirSync(platform());
    writeFileSync(join(platform(), '0001_base.sql'), 'create table public.base (id int);');
    writeFileSync(
      join(migrations(), '20240103000000_baseline.sql'),
      'create table public.lessons (id int primary key);',
    );
  });

  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the baseline once to a fresh database', async () => {
    db = await openDb({ dataDir: dir, inMemory: true });
    const first = await run(db);
    expect(first.applied.map((m) => m.version)).toEqual(['platform/0001_base', '20240103000000']);
    expect(await run(db)).toEqual({ applied: [], fresh: false });
    expect(await tables(db)).toEqual(['base', 'lessons']);
    expect(await recorded(db)).toEqual(['20240103000000', 'platform/0001_base']);
  });

  it('applies nothing, silently, where the whole old history was applied', async () => {
    const versions = ['20240101000000', '20240102000000', '20240103000000', 'platform/0001_base'];
    db = await withRecorded(versions);
    expect(await run(db)).toEqual({ applied: [], fresh: false });
    expect(await tables(db)).toEqual([]);
    expect(await recorded(db)).toEqual(versions);
  });

  it('refuses a database that stopped part-way through the old history and changes nothing', async () => {
    db = await withRecorded(['20240101000000', '20240102000000']);
    const attempt = run(db);
    await expect(attempt).rejects.toThrow(
      /recorded migrations that are no longer in .*\(20240101000000, 20240102000000\) but not 20240103000000_baseline/,
    );
    await expect(attempt).rejects.toThrow(/checkout from before the squash.*fresh data directory/);
    // Not even the platform SQL ran.
    expect(await tables(db)).toEqual([]);
    expect(await recorded(db)).toEqual(['20240101000000', '20240102000000']);
  });

  it('applies a migration added after the baseline to a database that has the old history', async () => {
    writeFileSync(
      join(migrations(), '20240104000000_more.sql'),
      'create table public.more (id int primary key);',
    );
    try {
      db = await withRecorded(['platform/0001_base', '20240102000000', '20240103000000']);
      expect((await run(db)).applied.map((m) => m.version)).toEqual(['20240104000000']);
      expect(await tables(db)).toEqual(['more']);
    } finally {
      rmSync(join(migrations(), '20240104000000_more.sql'));
    }
  });
});
