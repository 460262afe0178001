import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import type { LocalDb } from './types.ts';

// PGlite runs in a worker thread and cannot cancel its own statements: a call that overruns
// its deadline fails alone with 57014, the thread is replaced on the same data directory, and
// the calls queued behind it run on the new thread with every committed row intact.

const ENDLESS = 'select count(*) from generate_series(1, 2000000000)';
const read = { sql: 'select n from public.kept order by n', params: [] };
const setup = { sql: 'select 1', params: [] };

describe('PGlite watchdog', () => {
  let dir: string;
  let db: LocalDb;
  const restarts: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-watchdog-'));
    db = await openPglite(join(dir, 'pgdata'), { onRestart: (reason) => restarts.push(reason) });
    await db.exec(
      'create table public.kept (n int primary key); insert into public.kept values (1);',
    );
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails only the overrunning request and runs the queued ones on a fresh thread', async () => {
    const endless = db.request({
      readOnly: true,
      setup,
      main: { sql: ENDLESS, params: [] },
      timeoutMs: 300,
    });
    const queued = db.request({ readOnly: true, setup, main: read, timeoutMs: 5000 });
    const write = db.query('insert into public.kept values (2) returning n');
    await expect(endless).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(await queued).toEqual([['1']]);
    expect((await write).rows).toEqual([{ n: 2 }]);
    expect(restarts).toEqual(['statement timeout']);
  });

  it('drops the unfinished transaction of the thread it replaces, keeps what was committed', async () => {
    const started = db.transaction(
      async (tx) => {
        await tx.query('insert into public.kept values (3)');
        await tx.query(ENDLESS);
        // Never reached: the thread (and this transaction with it) is gone.
        await tx.query('insert into public.kept values (4)');
      },
      { timeoutMs: 300 },
    );
    await expect(started).rejects.toMatchObject({ code: '57014' });
    const { rows } = await db.query<{ n: number }>('select n from public.kept order by n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('leaves calls without a deadline alone', async () => {
    const slow = await db.query<{ n: string }>(
      'select count(*)::text as n from generate_series(1, 200000)',
    );
    expect(slow.rows[0]?.n).toBe('200000');
    expect(restarts).toHaveLength(2);
  });

  it('does the same for an in-memory database (a temporary directory)', async () => {
    const memory = await openPglite(undefined, { onRestart: () => undefined });
    try {
      await memory.exec('create table public.t (n int); insert into public.t values (7);');
      await expect(
        memory.request({
          readOnly: true,
          setup,
          main: { sql: ENDLESS, params: [] },
          timeoutMs: 200,
        }),
      ).rejects.toMatchObject({ code: '57014' });
      expect((await memory.query<{ n: number }>('select n from public.t')).rows).toEqual([
        { n: 7 },
      ]);
    } finally {
      await memory.close();
    }
    // Opens a database and starts its thread twice in the test body (the others open theirs in
    // beforeAll): on a loaded two-core machine that alone can take most of the default 30 s.
  }, 120_000);
});
