import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Storage's `list-v2` (supabase-js `listV2`) and bucket size limits in decimal units, as hosted
// Storage serves them (storage: routes/object/listObjectsV2, ObjectStorage.listObjectsV2, the
// SQL list_objects_with_delimiter / search_v2; limits.ts parseFileSizeToBytes), through
// unmodified supabase-js on both backends.

const MIGRATION = `
insert into storage.buckets (id, name, public) values ('files', 'files', false);
create policy files_own on storage.objects for all to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

function makeSupabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-list-v2-'));
  mkdirSync(join(dir, 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'migrations', '20240101000000_list_v2.sql'), MIGRATION);
  return dir;
}

const options = { auth: { persistSession: false, autoRefreshToken: false } };
const names = (entries: { name: string }[] | undefined) => (entries ?? []).map((e) => e.name);

describe.each(BACKENDS)('Storage list-v2 and size units on %s', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anna: { sb: SupabaseClient; id: string };
  // Uploaded in this order, a few milliseconds apart, so creation order is known.
  let order: string[];

  beforeAll(async () => {
    server = await startTestServer(backend, makeSupabaseDir());
    service = createClient(server.url, server.ctx.keys.serviceRoleKey, options);
    const created = await service.auth.admin.createUser({
      email: 'anna@list.test',
      password: 'secret123',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const sb = createClient(server.url, server.ctx.keys.anonKey, options);
    const login = await sb.auth.signInWithPassword({
      email: 'anna@list.test',
      password: 'secret123',
    });
    if (login.error) throw login.error;
    anna = { sb, id: login.data.user.id };
    const a = anna.id;
    order = [
      `${a}/b.txt`,
      `${a}/docs/x.txt`,
      `${a}/a.txt`,
      `${a}/audio/szia.mp3`,
      `${a}/docs/y.txt`,
      `${a}/c.txt`,
    ];
    for (const path of order) {
      const up = await anna.sb.storage
        .from('files')
        .upload(path, new Blob([path], { type: 'text/plain' }));
      if (up.error) throw up.error;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    // Another user's object: row level security keeps it out of Anna's lists.
    const other = await service.storage.from('files').upload('someone-else/z.txt', new Blob(['z']));
    if (other.error) throw other.error;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  // compat: storage.list-v2, storage.list-v2-spec
  it('returns every object under the prefix, flat and by name, with no folders', async () => {
    const { data, error } = await anna.sb.storage.from('files').listV2({ prefix: `${anna.id}/` });
    expect(error).toBeNull();
    expect(data).toMatchObject({ hasNext: false, folders: [] });
    expect(names(data?.objects)).toEqual([...order].sort());
    expect(Object.keys(data?.objects[0] ?? {}).sort()).toEqual([
      'created_at',
      'id',
      'last_accessed_at',
      'metadata',
      'name',
      'updated_at',
    ]);
    // Each object holds its own path as its bytes.
    expect(data?.objects[0]?.metadata).toMatchObject({
      mimetype: 'text/plain',
      size: `${anna.id}/a.txt`.length,
    });
  });

  // compat: storage.list-v2, storage.list-v2-spec
  it('returns one level with with_delimiter: folders with a slash and id null, files with their key', async () => {
    const { data } = await anna.sb.storage
      .from('files')
      .listV2({ prefix: `${anna.id}/`, with_delimiter: true });
    expect(data?.folders).toEqual([
      {
        key: 'audio',
        name: `${anna.id}/audio/`,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
      {
        key: 'docs',
        name: `${anna.id}/docs/`,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
    ]);
    expect(data?.objects.map((o) => [o.key, o.name])).toEqual([
      ['a.txt', `${anna.id}/a.txt`],
      ['b.txt', `${anna.id}/b.txt`],
      ['c.txt', `${anna.id}/c.txt`],
    ]);
    const root = await anna.sb.storage.from('files').listV2({ with_delimiter: true });
    expect(root.data?.folders.map((f) => [f.key, f.name])).toEqual([[anna.id, `${anna.id}/`]]);
    expect(root.data?.objects).toEqual([]);
  });

  // compat: storage.list-v2, storage.list-v2-spec
  it('returns pages that follow each other through the cursor, names in reverse too', async () => {
    for (const [delimited, expected] of [
      [false, [...order].sort()],
      [
        true,
        [
          `${anna.id}/a.txt`,
          `${anna.id}/audio/`,
          `${anna.id}/b.txt`,
          `${anna.id}/c.txt`,
          `${anna.id}/docs/`,
        ],
      ],
    ] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const { data, error } = await anna.sb.storage.from('files').listV2({
            prefix: `${anna.id}/`,
            with_delimiter: delimited,
            limit: 2,
            sortBy: { column: 'name', order: sortOrder },
            ...(cursor ? { cursor } : {}),
          });
          expect(error).toBeNull();
          const entries = [...(data?.folders ?? []), ...(data?.objects ?? [])];
          expect(entries.length).toBeLessThanOrEqual(2);
          seen.push(...names(entries).sort());
          if (!data?.hasNext) break;
          expect(data.nextCursor).toEqual(expect.any(String));
          cursor = data.nextCursor;
        }
        const wanted = sortOrder === 'asc' ? expected : [...expected].reverse();
        expect(seen.sort()).toEqual([...wanted].sort());
      }
    }
  });

  // compat: storage.list-v2
  it('returns entries by creation time, a folder dated by its earliest object', async () => {
    const { data } = await anna.sb.storage.from('files').listV2({
      prefix: `${anna.id}/`,
      with_delimiter: true,
      sortBy: { column: 'created_at', order: 'asc' },
    });
    // b.txt, then docs/ (its first object, x.txt, came second), a.txt, audio/, c.txt.
    // supabase-js types a folder as name and key; hosted dates it when sorting by time.
    const entries: { name: string; created_at?: string }[] = [
      ...(data?.folders ?? []),
      ...(data?.objects ?? []),
    ];
    entries.sort((x, y) => String(x.created_at).localeCompare(String(y.created_at)));
    expect(entries.map((e) => e.name.slice(anna.id.length + 1))).toEqual([
      'b.txt',
      'docs/',
      'a.txt',
      'audio/',
      'c.txt',
    ]);
    const flat = await anna.sb.storage.from('files').listV2({
      prefix: `${anna.id}/`,
      limit: 4,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(names(flat.data?.objects)).toEqual([...order].reverse().slice(0, 4));
    const rest = await anna.sb.storage.from('files').listV2({
      prefix: `${anna.id}/`,
      cursor: flat.data?.nextCursor,
    });
    expect(names(rest.data?.objects)).toEqual([...order].reverse().slice(4));
  });

  // compat: storage.list-v2-spec
  it('returns only what row level security lets the caller read', async () => {
    const everything = await service.storage.from('files').listV2({ with_delimiter: true });
    expect(names(everything.data?.folders).sort()).toEqual([`${anna.id}/`, 'someone-else/'].sort());
    const anon = await createClient(server.url, server.ctx.keys.anonKey, options)
      .storage.from('files')
      .listV2();
    expect(anon.data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it('refuses a cursor it did not write, as hosted does', async () => {
    const res = await fetch(`${server.url}/storage/v1/object/list-v2/files`, {
      method: 'POST',
      headers: {
        apikey: server.ctx.keys.anonKey,
        authorization: `Bearer ${server.ctx.keys.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ cursor: Buffer.from('not a cursor').toString('base64') }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidParameter',
      message: 'Invalid Parameter continuation token',
    });
  });

  // compat: storage.buckets, storage.size-units
  it('reads bucket size limits in decimal units: 20mb is 20,000,000 bytes', async () => {
    const admin = service.storage;
    for (const [limit, bytes] of [
      ['20mb', 20_000_000],
      ['1.5GB', 1_500_000_000],
      ['300KB', 300_000],
      ['3B', 3],
      [1024, 1024],
    ] as const) {
      const id = `sized-${String(limit).replace('.', '-').toLowerCase()}`;
      expect(
        (await admin.createBucket(id, { public: false, fileSizeLimit: limit })).error,
      ).toBeNull();
      expect((await admin.getBucket(id)).data?.file_size_limit).toBe(bytes);
    }
    const spaced = await admin.createBucket('sized-bad', { public: false, fileSizeLimit: '20 MB' });
    expect(spaced.error).toMatchObject({
      message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    });
    // A 1kb bucket holds 1,000 bytes, not 1,024.
    expect(
      (await admin.createBucket('kilo', { public: false, fileSizeLimit: '1kb' })).error,
    ).toBeNull();
    expect(
      (await admin.from('kilo').upload('fits.bin', new Blob([new Uint8Array(1000)]))).error,
    ).toBeNull();
    const over = await admin.from('kilo').upload('over.bin', new Blob([new Uint8Array(1001)]));
    expect(over.error).toMatchObject({ statusCode: '413' });
  });
});
