import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// PostgREST's db-tx-end (MAGYARUL_DB_TX_END) and `Prefer: tx=commit|rollback`, as PostgREST's
// RollbackSpec answers them: with an override allowed the preference decides and is echoed in
// Preference-Applied (reads too); without it the preference is accepted, ignored and not echoed;
// a rolled-back request answers as a committed one would, and an error (a deferred constraint
// included) answers without Preference-Applied. Table writes and RPC, on PGlite and PostgreSQL.
// The default, `commit` as on hosted, is in rest-strict.test.ts.

const MIGRATION = `
create table public.items (id int primary key);
create table public.deferrable_unique (
  col int constraint deferrable_unique_col_key unique deferrable initially immediate
);
grant select, insert, update, delete on public.items to anon, authenticated, service_role;
grant select, insert, update, delete on public.deferrable_unique to service_role;
create function public.search(id int) returns setof public.items language sql stable
  as $$ select * from public.items where items.id = search.id $$;
create function public.add_item(id int) returns public.items language sql volatile
  as $$ insert into public.items values (add_item.id) returning * $$;
create function public.raise_constraint(deferred bool default false) returns void
language plpgsql volatile as $$
begin
  if deferred then set constraints deferrable_unique_col_key deferred; end if;
  insert into public.deferrable_unique values (1), (1);
end $$;
`;

type Mode = 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
type Tx = 'commit' | 'rollback' | undefined;

/** PostgREST's optionalRollback: whether the request's writes are undone. */
function rollsBack(mode: Mode, tx: Tx): boolean {
  const override = mode.endsWith('-allow-override');
  const preferred = override ? tx : undefined;
  return preferred === 'rollback' || (mode.startsWith('rollback') && preferred !== 'commit');
}

/** The Preference-Applied PostgREST sends beside `return=representation`. */
function applied(mode: Mode, tx: Tx): string {
  return mode.endsWith('-allow-override') && tx
    ? `return=representation, tx=${tx}`
    : 'return=representation';
}

const CASES: [Mode, Tx][] = (
  ['commit-allow-override', 'rollback', 'rollback-allow-override'] as Mode[]
).flatMap((mode) =>
  ([undefined, 'commit', 'rollback'] as Tx[]).map((tx): [Mode, Tx] => [mode, tx]),
);

describe.each(BACKENDS)('db-tx-end on %s', (backend) => {
  const servers = new Map<Mode, TestServer>();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'magyarul-tx-end-'));
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', '20240101000000_tx_end.sql'), MIGRATION);
    for (const mode of ['commit-allow-override', 'rollback', 'rollback-allow-override'] as Mode[]) {
      servers.set(mode, await startTestServer(backend, dir, { dbTxEnd: mode }));
    }
  });

  afterAll(async () => {
    for (const server of servers.values()) await server.stop();
  });

  beforeEach(async () => {
    // Straight to the database: through /rest/v1 a reset could itself be rolled back.
    for (const server of servers.values()) {
      await server.ctx.db.exec(
        'delete from public.items; insert into public.items values (1); delete from public.deferrable_unique;',
      );
    }
  });

  const ids = async (server: TestServer): Promise<number[]> =>
    (await server.ctx.db.query<{ id: number }>('select id from public.items order by id')).rows.map(
      (r) => r.id,
    );

  const send = async (
    server: TestServer,
    method: string,
    path: string,
    tx: Tx,
    body?: unknown,
  ): Promise<{ status: number; applied: string | null; body: unknown }> => {
    const key = server.ctx.keys.serviceRoleKey;
    const res = await fetch(`${server.url}/rest/v1${path}`, {
      method,
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        // Two Prefer headers, as PostgREST's tests send them.
        prefer: tx ? `return=representation, tx=${tx}` : 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      applied: res.headers.get('preference-applied'),
      body: text ? JSON.parse(text) : null,
    };
  };

  it.each(CASES)('answers reads under %s with Prefer tx=%s', async (mode, tx) => {
    const server = servers.get(mode)!;
    for (const [method, path, body] of [
      ['GET', '/items?id=eq.1', undefined],
      ['GET', '/rpc/search?id=1', undefined],
      ['POST', '/rpc/search', { id: 1 }],
    ] as const) {
      expect(await send(server, method, path, tx, body)).toEqual({
        status: 200,
        applied: applied(mode, tx),
        body: [{ id: 1 }],
      });
    }
  });

  // compat: rest.tx-end, rest.tx-end-spec
  it.each(CASES)(
    'persists table writes under %s with Prefer tx=%s only when the transaction commits',
    async (mode, tx) => {
      const server = servers.get(mode)!;
      const kept = !rollsBack(mode, tx);
      const post = await send(server, 'POST', '/items', tx, { id: 0 });
      expect(post).toEqual({ status: 201, applied: applied(mode, tx), body: [{ id: 0 }] });
      expect(await ids(server)).toEqual(kept ? [0, 1] : [1]);
      await server.ctx.db.exec('delete from public.items where id = 0');

      const put = await send(server, 'PUT', '/items?id=eq.0', tx, { id: 0 });
      expect(put).toEqual({ status: 201, applied: applied(mode, tx), body: [{ id: 0 }] });
      expect(await ids(server)).toEqual(kept ? [0, 1] : [1]);
      await server.ctx.db.exec('delete from public.items where id = 0');

      const patch = await send(server, 'PATCH', '/items?id=eq.1', tx, { id: 2 });
      expect(patch).toEqual({ status: 200, applied: applied(mode, tx), body: [{ id: 2 }] });
      expect(await ids(server)).toEqual(kept ? [2] : [1]);
      await server.ctx.db.exec('delete from public.items; insert into public.items values (1)');

      const del = await send(server, 'DELETE', '/items?id=eq.1', tx);
      expect(del).toEqual({ status: 200, applied: applied(mode, tx), body: [{ id: 1 }] });
      expect(await ids(server)).toEqual(kept ? [] : [1]);
    },
  );

  // compat: rest.tx-end, rest.tx-end-spec
  it.each(CASES)(
    'persists an RPC write under %s with Prefer tx=%s only when the transaction commits',
    async (mode, tx) => {
      const server = servers.get(mode)!;
      const res = await send(server, 'POST', '/rpc/add_item', tx, { id: 5 });
      expect(res).toEqual({ status: 200, applied: applied(mode, tx), body: { id: 5 } });
      expect(await ids(server)).toEqual(rollsBack(mode, tx) ? [1] : [1, 5]);
    },
  );

  // compat: rest.tx-end-spec
  it.each(CASES)(
    'raises immediate and deferred constraints under %s with Prefer tx=%s, without Preference-Applied',
    async (mode, tx) => {
      const server = servers.get(mode)!;
      const error = {
        code: '23505',
        details: 'Key (col)=(1) already exists.',
        hint: null,
        message: 'duplicate key value violates unique constraint "deferrable_unique_col_key"',
      };
      for (const deferred of [false, true]) {
        const res = await send(server, 'POST', '/rpc/raise_constraint', tx, { deferred });
        expect(res).toEqual({ status: 409, applied: null, body: error });
      }
    },
  );

  it('keeps refusing what PostgREST refuses inside a rolled-back transaction', async () => {
    const server = servers.get('commit-allow-override')!;
    await server.ctx.db.exec('insert into public.items values (2)');
    const key = server.ctx.keys.serviceRoleKey;
    // .single() on a delete of two rows: PGRST116 (406), nothing kept either way.
    const res = await fetch(`${server.url}/rest/v1/items?id=gte.1`, {
      method: 'DELETE',
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/vnd.pgrst.object+json',
        prefer: 'tx=rollback, return=representation',
      },
    });
    expect(res.status).toBe(406);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST116');
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(await ids(server)).toEqual([1, 2]);
  });

  // compat: rest.tx-end
  it('takes supabase-js’s .rollback() where the server allows it, and a strict Prefer accepts tx', async () => {
    const allowed = servers.get('commit-allow-override')!;
    const client: SupabaseClient = createClient(allowed.url, allowed.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const inserted = await client.from('items').insert({ id: 7 }).select().rollback();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ id: 7 }]);
    const rpc = await client.rpc('add_item', { id: 8 }).rollback();
    expect(rpc.data).toEqual({ id: 8 });
    expect(await ids(allowed)).toEqual([1]);
    // tx=… is a known preference: handling=strict does not refuse it (PGRST122), override or not.
    for (const server of servers.values()) {
      const key = server.ctx.keys.serviceRoleKey;
      const res = await fetch(`${server.url}/rest/v1/items?id=eq.1`, {
        headers: { apikey: key, prefer: 'handling=strict, tx=rollback' },
      });
      expect(res.status).toBe(200);
    }
  });
});
