import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Unmodified supabase-js against /rest/v1 on both backends (compat §2 and the REST gotchas of §7).

const FIXTURES = fileURLToPath(new URL('./fixtures/rest', import.meta.url));

type Lesson = { id: number; title: string; level: number | null; published: boolean };

function client(server: TestServer, key: string, token?: string): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

function userToken(server: TestServer, sub: string, expiresIn = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresIn },
    server.ctx.keys.jwtSecret,
  );
}

describe.each(BACKENDS)('REST on %s', (backend) => {
  let server: TestServer;
  let admin: SupabaseClient;
  let anon: SupabaseClient;
  const alice = randomUUID();
  const bob = randomUUID();
  let asAlice: SupabaseClient;
  let asBob: SupabaseClient;
  let rest: string;

  beforeAll(async () => {
    server = await startTestServer(backend, FIXTURES);
    rest = `${server.url}/rest/v1`;
    admin = client(server, server.ctx.keys.serviceRoleKey);
    anon = client(server, server.ctx.keys.anonKey);
    asAlice = client(server, server.ctx.keys.anonKey, userToken(server, alice));
    asBob = client(server, server.ctx.keys.anonKey, userToken(server, bob));
    const authors = await admin
      .from('authors')
      .insert([{ name: 'Anna' }, { name: 'Bence', bio: 'narrator' }])
      .select();
    expect(authors.error).toBeNull();
    const lessons = await admin.from('lessons').insert([
      { title: 'Greetings', level: 1, published: true, author_id: 1, position: 1 },
      { title: 'Numbers', level: 1, published: true, author_id: 2, reviewer_id: 1, position: 2 },
      { title: 'Draft', level: 2, published: false, author_id: 1, position: 3 },
      { title: 'Food', level: null, published: true, author_id: null, position: 4 },
    ]);
    expect(lessons.error).toBeNull();
    await admin.from('lesson_items').insert([
      { lesson_id: 1, word: 'szia', pos: 1 },
      { lesson_id: 1, word: 'helló', pos: 2 },
      { lesson_id: 1, word: 'viszlát', pos: 3 },
      { lesson_id: 2, word: 'egy', pos: 1 },
    ]);
    await admin.from('topics').insert([{ name: 'basics' }, { name: 'food' }]);
    await admin.from('lesson_topics').insert([
      { lesson_id: 1, topic_id: 1 },
      { lesson_id: 4, topic_id: 2 },
    ]);
    await admin.from('lesson_details').insert([{ lesson_id: 1, summary: 'Say hello' }]);
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('select', () => {
    it('returns rows visible to anon through RLS, ordered', async () => {
      const { data, error, status } = await anon
        .from('lessons')
        .select('id, title')
        .order('id', { ascending: true });
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([
        { id: 1, title: 'Greetings' },
        { id: 2, title: 'Numbers' },
        { id: 4, title: 'Food' },
      ]);
    });

    // compat: rest.read
    it('supports aliases, casts and json paths', async () => {
      await admin
        .from('lessons')
        .update({ meta: { audio: { file: 'a.mp3' }, n: 3 } })
        .eq('id', 1);
      const { data, error } = await admin
        .from('lessons')
        .select('name:title, level::text, file:meta->audio->>file, meta->n')
        .eq('id', 1)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ name: 'Greetings', level: '1', file: 'a.mp3', n: 3 });
    });

    // compat: rest.embeds
    it('embeds to-one as object or null and to-many as array', async () => {
      const { data, error } = await admin
        .from('lessons')
        .select('id, author:authors!author_id(name), lesson_items(word), lesson_details(summary)')
        .in('id', [1, 4])
        .order('id')
        .order('pos', { referencedTable: 'lesson_items' });
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          id: 1,
          author: { name: 'Anna' },
          lesson_items: [{ word: 'szia' }, { word: 'helló' }, { word: 'viszlát' }],
          lesson_details: { summary: 'Say hello' },
        },
        { id: 4, author: null, lesson_items: [], lesson_details: null },
      ]);
    });

    // compat: rest.embeds
    it('embeds the reverse direction and many-to-many through a join table', async () => {
      const authors = await admin
        .from('authors')
        .select('name, lessons!author_id(title)')
        .eq('id', 2)
        .single();
      expect(authors.data).toEqual({ name: 'Bence', lessons: [{ title: 'Numbers' }] });
      const topics = await admin.from('lessons').select('id, topics(name)').eq('id', 1).single();
      expect(topics.data).toEqual({ id: 1, topics: [{ name: 'basics' }] });
    });

    it('counts embedded rows with rel(count)', async () => {
      const { data } = await admin
        .from('lessons')
        .select('id, lesson_items(count)')
        .in('id', [1, 2, 4])
        .order('id');
      expect(data).toEqual([
        { id: 1, lesson_items: [{ count: 3 }] },
        { id: 2, lesson_items: [{ count: 1 }] },
        { id: 4, lesson_items: [{ count: 0 }] },
      ]);
    });

    // compat: rest.embeds
    it('answers 300 PGRST201 for ambiguous embeds and 400 PGRST200 for unknown ones', async () => {
      const ambiguous = await admin.from('lessons').select('id, authors(name)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error?.code).toBe('PGRST201');
      expect(ambiguous.error?.hint).toContain('authors!lessons_author_id_fkey');
      const missing = await admin.from('lessons').select('id, topicz(name)');
      expect(missing.status).toBe(400);
      expect(missing.error?.code).toBe('PGRST200');
    });

    // compat: rest.embeds
    it('filters embedded rows without dropping parents, unless !inner', async () => {
      const left = await admin
        .from('lessons')
        .select('id, lesson_items(word)')
        .eq('lesson_items.word', 'egy')
        .in('id', [1, 2])
        .order('id');
      expect(left.data).toEqual([
        { id: 1, lesson_items: [] },
        { id: 2, lesson_items: [{ word: 'egy' }] },
      ]);
      const inner = await admin
        .from('lessons')
        .select('id, lesson_items!inner(word)')
        .eq('lesson_items.word', 'egy');
      expect(inner.data).toEqual([{ id: 2, lesson_items: [{ word: 'egy' }] }]);
      const notNull = await admin
        .from('lessons')
        .select('id, lesson_details(summary)')
        .not('lesson_details', 'is', null);
      expect(notNull.data).toEqual([{ id: 1, lesson_details: { summary: 'Say hello' } }]);
    });

    it('limits and orders embedded arrays', async () => {
      const { data } = await admin
        .from('lessons')
        .select('id, lesson_items(word)')
        .eq('id', 1)
        .order('pos', { referencedTable: 'lesson_items', ascending: false })
        .limit(2, { referencedTable: 'lesson_items' })
        .single();
      expect(data).toEqual({ id: 1, lesson_items: [{ word: 'viszlát' }, { word: 'helló' }] });
    });

    // compat: rest.read
    it('applies every comparison filter', async () => {
      const ids = async (q: PromiseLike<{ data: { id: number }[] | null }>) =>
        ((await q).data ?? []).map((r) => r.id).sort((a, b) => a - b);
      const base = () => admin.from('lessons').select('id').lte('id', 4);
      expect(await ids(base().eq('level', 1))).toEqual([1, 2]);
      expect(await ids(base().neq('level', 1))).toEqual([3]);
      expect(await ids(base().gt('position', 2))).toEqual([3, 4]);
      expect(await ids(base().gte('position', 2))).toEqual([2, 3, 4]);
      expect(await ids(base().lt('position', 2))).toEqual([1]);
      expect(await ids(base().like('title', '%ee%'))).toEqual([1]);
      expect(await ids(base().like('title', '*raf*'))).toEqual([3]);
      expect(await ids(base().ilike('title', 'n%'))).toEqual([2]);
      expect(await ids(base().is('level', null))).toEqual([4]);
      expect(await ids(base().not('level', 'is', null))).toEqual([1, 2, 3]);
      expect(await ids(base().in('title', ['Food', 'Draft']))).toEqual([3, 4]);
      expect(await ids(base().not('title', 'in', '("Food","Draft")'))).toEqual([1, 2]);
      expect(await ids(base().is('published', false))).toEqual([3]);
      expect(await ids(base().contains('tags', []))).toEqual([1, 2, 3, 4]);
    });

    it('accepts quoted values with reserved characters in in() and or()', async () => {
      await admin.from('authors').insert({ name: 'Kovács, Péter (ed.)' });
      const inList = await admin
        .from('authors')
        .select('name')
        .in('name', ['Kovács, Péter (ed.)', 'x']);
      expect(inList.data).toEqual([{ name: 'Kovács, Péter (ed.)' }]);
      const or = await admin
        .from('authors')
        .select('name')
        .or('name.eq."Kovács, Péter (ed.)",name.eq.nobody');
      expect(or.data).toEqual([{ name: 'Kovács, Péter (ed.)' }]);
    });

    it('combines nested or/and trees', async () => {
      const { data } = await admin
        .from('lessons')
        .select('id')
        .lte('id', 4)
        .or('title.eq.Food,and(level.eq.1,position.gt.1)')
        .order('id');
      expect(data).toEqual([{ id: 2 }, { id: 4 }]);
    });

    it('orders with nulls first or last', async () => {
      const first = await admin
        .from('lessons')
        .select('id')
        .lte('id', 4)
        .order('level', { ascending: true, nullsFirst: true })
        .order('id');
      expect(first.data?.map((r) => r.id)).toEqual([4, 1, 2, 3]);
      const last = await admin
        .from('lessons')
        .select('id')
        .lte('id', 4)
        .order('level', { ascending: false, nullsFirst: false })
        .order('id');
      expect(last.data?.map((r) => r.id)).toEqual([3, 1, 2, 4]);
    });

    // compat: rest.read
    it('pages with range and returns the exact count with 206', async () => {
      const res = await admin
        .from('lessons')
        .select('id', { count: 'exact' })
        .lte('id', 4)
        .order('id')
        .range(1, 2);
      expect(res.data).toEqual([{ id: 2 }, { id: 3 }]);
      expect(res.count).toBe(4);
      expect(res.status).toBe(206);
    });

    it('returns the count on HEAD with Content-Range', async () => {
      const res = await anon.from('lessons').select('*', { count: 'exact', head: true });
      expect(res.count).toBe(3);
      expect(res.data).toBeNull();
      const raw = await fetch(`${rest}/lessons?select=id&limit=1`, {
        method: 'HEAD',
        headers: { apikey: server.ctx.keys.anonKey, prefer: 'count=exact' },
      });
      expect(raw.headers.get('content-range')).toBe('0-0/3');
    });

    // compat: rest.read
    it('honours the Range header', async () => {
      const res = await fetch(`${rest}/many_rows?select=id&order=id`, {
        headers: { apikey: server.ctx.keys.anonKey, range: '10-12', 'range-unit': 'items' },
      });
      expect(await res.json()).toEqual([{ id: 11 }, { id: 12 }, { id: 13 }]);
      expect(res.headers.get('content-range')).toBe('10-12/*');
    });

    it('caps results at 1000 rows', async () => {
      const { data, count } = await anon.from('many_rows').select('id', { count: 'exact' });
      expect(data).toHaveLength(1000);
      expect(count).toBe(1500);
    });

    // compat: rest.accept
    it('single() returns an object or 406 PGRST116; maybeSingle() returns null', async () => {
      const one = await anon.from('lessons').select('title').eq('id', 1).single();
      expect(one.data).toEqual({ title: 'Greetings' });
      const none = await anon.from('lessons').select('title').eq('id', 999).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      const maybe = await anon.from('lessons').select('title').eq('id', 999).maybeSingle();
      expect(maybe.error).toBeNull();
      expect(maybe.data).toBeNull();
    });

    it('answers 404 PGRST205 with a JSON body for unknown tables', async () => {
      const res = await anon.from('nope').select('*');
      expect(res.status).toBe(404);
      expect(res.error?.code).toBe('PGRST205');
    });

    it('answers 400 PGRST100 for malformed query parameters', async () => {
      const res = await fetch(`${rest}/lessons?select=id,(&id=zz.1`, {
        headers: { apikey: server.ctx.keys.anonKey },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST100');
      const op = await fetch(`${rest}/lessons?id=zz.1`, {
        headers: { apikey: server.ctx.keys.anonKey },
      });
      expect(((await op.json()) as { code: string }).code).toBe('PGRST100');
    });

    it('decodes + as a space and keeps dots in values', async () => {
      await admin.from('authors').insert({ name: 'Dr. Nagy Ede' });
      const res = await fetch(`${rest}/authors?select=name&name=eq.Dr.+Nagy+Ede`, {
        headers: { apikey: server.ctx.keys.anonKey },
      });
      expect(await res.json()).toEqual([{ name: 'Dr. Nagy Ede' }]);
    });
  });

  describe('writes', () => {
    // compat: rest.writes
    it('inserts without returning rows by default (201, no body)', async () => {
      const res = await admin.from('topics').insert({ name: 'verbs' });
      expect(res.status).toBe(201);
      expect(res.data).toBeNull();
      expect(res.error).toBeNull();
    });

    it('bulk inserts with columns=, missing keys become NULL unless missing=default', async () => {
      const nulls = await admin
        .from('lessons')
        .insert([
          { title: 'Bulk A', published: true, position: 10 },
          { title: 'Bulk B', published: true },
        ])
        .select('title, position');
      expect(nulls.error?.code).toBe('23502');
      const defaults = await admin
        .from('lessons')
        .insert(
          [
            { title: 'Bulk A', published: true, position: 10 },
            { title: 'Bulk B', published: true },
          ],
          { defaultToNull: false },
        )
        .select('title, position');
      expect(defaults.error).toBeNull();
      expect(defaults.data).toEqual([
        { title: 'Bulk A', position: 10 },
        { title: 'Bulk B', position: 7 },
      ]);
    });

    it('answers 400 PGRST204 for unknown columns', async () => {
      const res = await admin.from('topics').insert({ nam: 'x' });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('PGRST204');
    });

    // compat: rest.writes
    it('upserts with merge-duplicates and ignore-duplicates on a chosen conflict target', async () => {
      const merged = await admin
        .from('topics')
        .upsert([{ name: 'basics' }, { name: 'travel' }], { onConflict: 'name' })
        .select('name');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ name: 'basics' }, { name: 'travel' }]);
      const byPk = await admin
        .from('authors')
        .upsert({ id: 2, name: 'Bence B.' })
        .select('id, name, bio')
        .single();
      expect(byPk.data).toEqual({ id: 2, name: 'Bence B.', bio: 'narrator' });
      const ignored = await admin
        .from('topics')
        .upsert([{ name: 'travel' }, { name: 'weather' }], {
          onConflict: 'name',
          ignoreDuplicates: true,
        })
        .select('name');
      expect(ignored.data).toEqual([{ name: 'weather' }]);
    });

    // compat: rest.writes
    it('updates and deletes with filters, counts and representation', async () => {
      const ins = await admin
        .from('topics')
        .insert([{ name: 'tmp1' }, { name: 'tmp2' }])
        .select('id');
      const ids = (ins.data ?? []).map((r: { id: number }) => r.id);
      const upd = await admin
        .from('topics')
        .update({ name: 'tmp1b' })
        .eq('id', ids[0])
        .select('name');
      expect(upd.status).toBe(200);
      expect(upd.data).toEqual([{ name: 'tmp1b' }]);
      const minimal = await admin.from('topics').update({ name: 'tmp2b' }).eq('id', ids[1]);
      expect(minimal.status).toBe(204);
      const del = await admin.from('topics').delete({ count: 'exact' }).in('id', ids);
      expect(del.status).toBe(204);
      expect(del.count).toBe(2);
    });

    // compat: rest.errors
    it('maps 23505 to 409 and 23503 to 409', async () => {
      const dup = await admin.from('topics').insert({ name: 'food' });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');
      const fk = await admin.from('lesson_items').insert({ lesson_id: 9999, word: 'x' });
      expect(fk.status).toBe(409);
      expect(fk.error?.code).toBe('23503');
    });

    it('rolls back single() writes that do not hit exactly one row', async () => {
      const res = await admin
        .from('topics')
        .insert([{ name: 'rb1' }, { name: 'rb2' }])
        .select()
        .single();
      expect(res.status).toBe(406);
      expect(res.error?.code).toBe('PGRST116');
      const after = await admin.from('topics').select('name').in('name', ['rb1', 'rb2']);
      expect(after.data).toEqual([]);
    });

    it('answers 400 PGRST102 for invalid JSON bodies', async () => {
      const res = await fetch(`${rest}/topics`, {
        method: 'POST',
        headers: {
          apikey: server.ctx.keys.serviceRoleKey,
          authorization: `Bearer ${server.ctx.keys.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: '{"name": ',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST102');
    });
  });

  describe('row level security and roles', () => {
    it('lets users see and change only their own rows', async () => {
      const a = await asAlice.from('notes').insert({ body: 'alice note' }).select('body, user_id');
      expect(a.error).toBeNull();
      expect(a.data).toEqual([{ body: 'alice note', user_id: alice }]);
      await asBob.from('notes').insert({ body: 'bob note' });
      const mine = await asAlice.from('notes').select('body');
      expect(mine.data).toEqual([{ body: 'alice note' }]);
      const theirs = await asBob.from('notes').update({ body: 'hacked' }).eq('body', 'alice note');
      expect(theirs.error).toBeNull();
      expect(theirs.status).toBe(204);
      const still = await admin.from('notes').select('body').eq('user_id', alice).single();
      expect(still.data).toEqual({ body: 'alice note' });
      const removed = await asBob.from('notes').delete().eq('user_id', alice).select();
      expect(removed.data).toEqual([]);
    });

    it('insert() needs only an INSERT policy; insert().select() also needs SELECT (401/403)', async () => {
      const plain = await anon.from('inbox').insert({ message: 'hi' });
      expect(plain.status).toBe(201);
      const anonSelect = await anon.from('inbox').insert({ message: 'hi' }).select();
      expect(anonSelect.status).toBe(401);
      expect(anonSelect.error?.code).toBe('42501');
      const userSelect = await asAlice.from('inbox').insert({ message: 'hi' }).select();
      expect(userSelect.status).toBe(403);
    });

    it('anon cannot write to a table without grants (401)', async () => {
      const res = await anon.from('lessons').insert({ title: 'x', published: true });
      expect(res.status).toBe(401);
      expect(res.error?.code).toBe('42501');
    });

    it('sets role, claims, method, path and headers for the transaction only', async () => {
      const me = await asAlice.rpc('whoami');
      expect(me.data).toMatchObject({
        role: 'authenticated',
        sub: alice,
        method: 'POST',
        path: '/rpc/whoami',
      });
      expect((me.data as { client: string }).client).toContain('supabase-js');
      const other = await anon.rpc('whoami');
      expect(other.data).toMatchObject({ role: 'anon', sub: null });
    });

    // compat: rest.errors
    it('answers 401 PGRST301 for bad signatures and PGRST303 for expired JWTs', async () => {
      const forged = signJwt({ sub: alice, role: 'service_role' }, 'x'.repeat(40));
      const bad = await client(server, server.ctx.keys.anonKey, forged)
        .from('lessons')
        .select('id');
      expect(bad.status).toBe(401);
      expect(bad.error?.code).toBe('PGRST301');
      const expired = await client(server, server.ctx.keys.anonKey, userToken(server, alice, -3600))
        .from('lessons')
        .select('id');
      expect(expired.status).toBe(401);
      expect(expired.error?.code).toBe('PGRST303');
      const raw = await fetch(`${rest}/lessons`, {
        headers: { apikey: server.ctx.keys.anonKey, authorization: 'Bearer not-a-jwt' },
      });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toContain('invalid_token');
    });

    // compat: gateway.new-format-keys
    it('treats a publishable-style bearer beside the anon key as anon; the gateway refuses it as the key', async () => {
      const res = await fetch(`${rest}/lessons?select=id&id=lte.4`, {
        headers: { apikey: server.ctx.keys.anonKey, authorization: 'Bearer sb_publishable_abc' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBe(3);
      // The server has no new-format keys: one it does not know is the gateway's 401.
      const unknown = await fetch(`${rest}/lessons?select=id`, {
        headers: { apikey: 'sb_publishable_abc', authorization: 'Bearer sb_publishable_abc' },
      });
      expect(unknown.status).toBe(401);
      expect(await unknown.json()).toMatchObject({ message: 'Invalid API key' });
    });

    it('never leaks the role to the next request', async () => {
      await admin.from('lessons').select('id').limit(1);
      const res = await anon.from('lessons').select('id').lte('id', 4);
      expect(res.data).toHaveLength(3);
    });
  });

  describe('rpc', () => {
    // compat: rest.rpc
    it('returns scalars bare, sets as arrays and void as 204', async () => {
      expect((await anon.rpc('add', { a: 2, b: 3 })).data).toBe(5);
      expect((await anon.rpc('hello')).data).toBe('szia');
      expect((await anon.rpc('numbers', { n: 4 })).data).toEqual([1, 2, 3, 4]);
      expect((await anon.rpc('numbers')).data).toEqual([1, 2, 3]);
      const v = await anon.rpc('noop');
      expect(v.status).toBe(204);
      expect(v.data).toBeNull();
    });

    it('returns table rows and composites, with filters on set results', async () => {
      const rows = await admin.rpc('lessons_by_level', { lvl: 1 }).select('title');
      expect(rows.data).toEqual([{ title: 'Greetings' }, { title: 'Numbers' }]);
      const filtered = await admin.rpc('lessons_by_level', { lvl: 1 }).eq('title', 'Numbers');
      expect((filtered.data as Lesson[]).map((l) => l.id)).toEqual([2]);
      const first = await admin.rpc('first_lesson');
      expect((first.data as Lesson).title).toBe('Greetings');
      const counts = await admin.rpc('level_counts');
      expect(counts.data).toContainEqual({ level: 1, n: 2 });
    });

    // compat: rest.rpc
    it('calls with GET and named arguments, arrays and json', async () => {
      expect((await anon.rpc('add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
      expect((await anon.rpc('sum_array', { xs: [1, 2, 3] })).data).toBe(6);
      expect((await anon.rpc('sum_array', { xs: [4, 5] }, { get: true })).data).toBe(9);
      expect((await anon.rpc('echo', { payload: { a: [1, { b: 'c' }] } })).data).toEqual({
        a: [1, { b: 'c' }],
      });
      expect((await anon.rpc('echo_body', { any: 'thing' })).data).toEqual({ any: 'thing' });
    });

    // compat: rest.rpc
    it('answers 404 PGRST202 for unknown functions or arguments', async () => {
      const unknown = await anon.rpc('nope');
      expect(unknown.status).toBe(404);
      expect(unknown.error?.code).toBe('PGRST202');
      const badArgs = await anon.rpc('add', { a: 1, c: 2 });
      expect(badArgs.error?.code).toBe('PGRST202');
    });

    // compat: rest.errors
    it('maps raise exception to 400 and PT### to its status', async () => {
      const plain = await anon.rpc('fail_plain');
      expect(plain.status).toBe(400);
      expect(plain.error).toMatchObject({ code: 'P0001', message: 'nope: 42' });
      const pay = await anon.rpc('fail_payment');
      expect(pay.status).toBe(402);
    });

    it('runs GET calls read-only and volatile POST calls read-write', async () => {
      const ro = await asAlice.rpc('add_note', { body: 'via get' }, { get: true });
      expect(ro.error?.code).toBe('25006');
      expect(ro.status).toBe(405);
      const note = await asAlice.rpc('add_note', { body: 'via rpc' });
      expect(note.error).toBeNull();
      expect((note.data as { user_id: string }).user_id).toBe(alice);
    });
  });

  describe('http', () => {
    it('answers CORS preflights and exposes Content-Range', async () => {
      const res = await fetch(`${rest}/lessons`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'apikey, authorization, prefer, x-client-info',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'apikey, authorization, prefer, x-client-info',
      );
      const get = await fetch(`${rest}/lessons?select=id`, {
        headers: { apikey: server.ctx.keys.anonKey, origin: 'http://localhost:5173' },
      });
      expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('rejects other schemas with 406 PGRST106', async () => {
      const res = await fetch(`${rest}/users`, {
        headers: { apikey: server.ctx.keys.anonKey, 'accept-profile': 'auth' },
      });
      expect(res.status).toBe(406);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST106');
    });

    it('accepts the API key as a URL parameter without treating it as a filter', async () => {
      const res = await fetch(
        `${rest}/lessons?select=id&id=lte.4&apikey=${server.ctx.keys.anonKey}`,
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBe(3);
    });

    // compat: gateway.keys
    it('requires an API key', async () => {
      const res = await fetch(`${rest}/lessons`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        'No API key found in request',
      );
    });
  });
});
