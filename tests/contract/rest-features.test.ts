import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { signJwt } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Issue 17, point 4: aggregates behind db-aggregates-enabled (off by default, as hosted:
// PGRST123), to-many spreads, .csv(), .stripNulls() and a second exposed schema
// (Accept-Profile / Content-Profile, PGRST106). Unmodified supabase-js on both backends.

const FIXTURES = fileURLToPath(new URL('./fixtures/rest-fidelity', import.meta.url));

function client(
  server: TestServer,
  key: string,
  options: { schema?: string; token?: string } = {},
) {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(options.schema ? { db: { schema: options.schema } } : {}),
    ...(options.token ? { global: { headers: { Authorization: `Bearer ${options.token}` } } } : {}),
  });
}

describe.each(BACKENDS)('PostgREST features on %s', (backend) => {
  let server: TestServer;
  let db: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer(backend, FIXTURES);
    db = client(server, server.ctx.keys.serviceRoleKey);
    const seed = [
      await db.from('shelves').insert([
        { id: 1, title: 'A' },
        { id: 2, title: 'B' },
        { id: 3, title: 'C' },
      ]),
      await db.from('books').insert([
        { id: 1, title: 'Egri csillagok', pages: 50, shelf_id: 1 },
        { id: 2, title: 'A Pál utcai fiúk', pages: 300, shelf_id: 1 },
        { id: 3, title: 'Légy jó, mindhalálig', pages: null, shelf_id: 2 },
      ]),
    ];
    for (const r of seed) expect(r.error).toBeNull();
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('aggregates', () => {
    // compat: rest.aggregates
    it('refuses aggregates while db-aggregates-enabled is off (the default, as hosted)', async () => {
      expect(server.ctx.config.dbAggregates).toBe(false);
      const root = await db.from('books').select('pages.sum()');
      expect(root.status).toBe(400);
      expect(root.error).toEqual({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      });
      const nested = await db.from('shelves').select('title, books(count())');
      expect(nested.error?.code).toBe('PGRST123');
      const rpc = await db.rpc('shelves_from', { min_id: 1 }).select('id.max()');
      expect(rpc.error?.code).toBe('PGRST123');
    });

    // compat: rest.aggregates
    it('aggregates, groups by the plain columns and casts once enabled', async () => {
      server.ctx.config.dbAggregates = true;
      try {
        const total = await db.from('books').select('pages.sum(), n:count(), pages.max()::text');
        expect(total.error).toBeNull();
        expect(total.data).toEqual([{ sum: 350, n: 3, max: '300' }]);
        const grouped = await db
          .from('books')
          .select('shelf_id, pages.sum(), count()')
          .order('shelf_id');
        expect(grouped.data).toEqual([
          { shelf_id: 1, sum: 350, count: 2 },
          { shelf_id: 2, sum: null, count: 1 },
        ]);
        const embedded = await db
          .from('shelves')
          .select('title, books(pages.avg()::int)')
          .order('id');
        expect(embedded.data).toEqual([
          { title: 'A', books: [{ avg: 175 }] },
          { title: 'B', books: [{ avg: null }] },
          { title: 'C', books: [{ avg: null }] },
        ]);
        const rpc = await db.rpc('shelves_from', { min_id: 2 }).select('id.max()');
        expect(rpc.data).toEqual([{ max: 3 }]);
      } finally {
        server.ctx.config.dbAggregates = false;
      }
    });

    // compat: rest.aggregates, rest.aggregates-spreads
    it('groups by the columns a to-one spread adds, at the top and inside an embed', async () => {
      server.ctx.config.dbAggregates = true;
      try {
        const top = await db.from('books').select('pages.sum(), ...shelves(shelf:title)');
        expect(top.error).toBeNull();
        expect(top.data?.sort((a, b) => String(a.shelf).localeCompare(String(b.shelf)))).toEqual([
          { sum: 350, shelf: 'A' },
          { sum: null, shelf: 'B' },
        ]);
        const nested = await db
          .from('shelves')
          .select('id, books(count(), ...shelves(title))')
          .order('id');
        expect(nested.error).toBeNull();
        expect(nested.data).toEqual([
          { id: 1, books: [{ count: 2, title: 'A' }] },
          { id: 2, books: [{ count: 1, title: 'B' }] },
          { id: 3, books: [] },
        ]);
      } finally {
        server.ctx.config.dbAggregates = false;
      }
    });
  });

  describe('spreads', () => {
    // compat: rest.spreads
    it('spreads a to-many relationship as arrays of values', async () => {
      const { data, error } = await db
        .from('shelves')
        .select('shelf:title, ...books(title, pages)')
        .order('id')
        .order('id', { referencedTable: 'books' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { shelf: 'A', title: ['Egri csillagok', 'A Pál utcai fiúk'], pages: [50, 300] },
        { shelf: 'B', title: ['Légy jó, mindhalálig'], pages: [null] },
        { shelf: 'C', title: [], pages: [] },
      ]);
    });

    // compat: rest.spreads
    it('still spreads a to-one relationship as plain values, also with *', async () => {
      const { data, error } = await db.from('books').select('pages, ...shelves(*)').eq('id', 3);
      expect(error).toBeNull();
      expect(data).toEqual([{ pages: null, id: 2, title: 'B' }]);
    });
  });

  describe('response formats', () => {
    // compat: rest.accept
    it('answers .csv() with a header line and one line per row', async () => {
      const res = await db.from('books').select('id, title, pages').order('id').csv();
      expect(res.error).toBeNull();
      expect(res.data).toBe(
        'id,title,pages\n1,"Egri csillagok",50\n2,"A Pál utcai fiúk",300\n3,"Légy jó, mindhalálig",',
      );
      const raw = await fetch(`${server.url}/rest/v1/books?select=id&id=eq.1`, {
        headers: { apikey: server.ctx.keys.serviceRoleKey, accept: 'text/csv' },
      });
      expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await raw.text()).toBe('id\n1');
      const empty = await db.from('books').select('id').eq('id', 99).csv();
      expect(empty.data).toBe('\n');
    });

    // compat: rest.accept
    it('strips null members with .stripNulls()', async () => {
      const list = await db
        .from('books')
        .select('id, pages')
        .in('id', [2, 3])
        .order('id')
        .stripNulls();
      expect(list.error).toBeNull();
      expect(list.data).toEqual([{ id: 2, pages: 300 }, { id: 3 }]);
      const one = await db.from('books').select('id, pages').eq('id', 3).single().stripNulls();
      expect(one.data).toEqual({ id: 3 });
      const raw = await fetch(`${server.url}/rest/v1/books?select=id,pages&id=eq.3`, {
        headers: {
          apikey: server.ctx.keys.serviceRoleKey,
          accept: 'application/vnd.pgrst.array+json;nulls=stripped',
        },
      });
      expect(raw.headers.get('content-type')).toBe(
        'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
      );
      expect(await raw.json()).toEqual([{ id: 3 }]);
    });
  });

  describe('other schemas', () => {
    // compat: rest.schemas
    it('reads and writes a configured schema through Accept-Profile / Content-Profile', async () => {
      const extra = client(server, server.ctx.keys.serviceRoleKey, { schema: 'extra' });
      const read = await extra.from('notes').select('*');
      expect(read.error).toBeNull();
      expect(read.data).toEqual([{ id: 1, body: 'from extra' }]);
      const write = await extra.from('notes').insert({ id: 2, body: 'második' }).select();
      expect(write.status).toBe(201);
      expect(write.data).toEqual([{ id: 2, body: 'második' }]);
      const raw = await fetch(`${server.url}/rest/v1/notes?select=id`, {
        headers: { apikey: server.ctx.keys.serviceRoleKey, 'accept-profile': 'extra' },
      });
      expect(raw.headers.get('content-profile')).toBe('extra');
      // The default schema stays public: extra's table is not there.
      const missing = await db.from('notes').select('*');
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST205');
    });

    // compat: rest.schemas
    it('refuses a schema that is not exposed with 406 PGRST106', async () => {
      const other = client(server, server.ctx.keys.serviceRoleKey, { schema: 'auth' });
      const res = await other.from('users').select('*');
      expect(res.status).toBe(406);
      expect(res.error).toEqual({
        code: 'PGRST106',
        message: 'Invalid schema: auth',
        details: null,
        hint: 'Only the following schemas are exposed: public, extra',
      });
    });

    it('keeps row-level security in another schema: anon and other users only get what grants allow', async () => {
      const anonExtra = client(server, server.ctx.keys.anonKey, { schema: 'extra' });
      // extra.notes grants select to anon without RLS (the fixture's choice): readable.
      expect((await anonExtra.from('notes').select('id')).error).toBeNull();
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt(
        { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 60 },
        server.ctx.keys.jwtSecret,
      );
      const user = client(server, server.ctx.keys.anonKey, { token });
      // Diaries (RLS, own rows) through the default schema: nobody else's rows.
      const diaries = await db.from('diaries').insert({ user_id: randomUUID(), body: 'secret' });
      expect(diaries.error).toBeNull();
      expect((await user.from('diaries').select('*')).data).toEqual([]);
      expect((await user.rpc('my_diaries')).data).toEqual([]);
      const anonDiaries = await client(server, server.ctx.keys.anonKey).from('diaries').select('*');
      expect(anonDiaries.data ?? []).toEqual([]);
    });
  });
});
