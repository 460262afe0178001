import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Unmodified supabase-js against /storage/v1 over HTTP on both backends (compat §4 and gotchas
// 18, 19 and 21 of §7). Buckets and policies come from the suite's own migration.

const MIGRATION = `
insert into storage.buckets (id, name, public) values ('audio', 'audio', true);
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('avatars', 'avatars', false, 2048, array['image/*', 'text/plain']);
create policy avatars_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy avatars_select on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy avatars_update on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy avatars_delete on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

function makeSupabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-storage-contract-'));
  mkdirSync(join(dir, 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'migrations', '20240101000000_storage_fixtures.sql'), MIGRATION);
  return dir;
}

function client(server: TestServer, key = server.ctx.keys.anonKey): SupabaseClient<Database> {
  return createClient<Database>(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function signedIn(
  server: TestServer,
  email: string,
): Promise<{ sb: SupabaseClient<Database>; id: string }> {
  const admin = client(server, server.ctx.keys.serviceRoleKey);
  const created = await admin.auth.admin.createUser({
    email,
    password: 'secret123',
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  const sb = client(server);
  const login = await sb.auth.signInWithPassword({ email, password: 'secret123' });
  expect(login.error).toBeNull();
  return { sb, id: login.data.user?.id ?? '' };
}

describe.each(BACKENDS)('Storage on %s', (backend) => {
  let server: TestServer;
  let supabaseDir: string;
  let anna: { sb: SupabaseClient<Database>; id: string };
  let bence: { sb: SupabaseClient<Database>; id: string };
  const onDisk = (bucket: string, name: string) =>
    join(server.ctx.config.dataDir, 'storage', bucket, ...name.split('/'));
  const tempFiles = () => {
    const dir = join(server.ctx.config.dataDir, 'storage', '.tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    supabaseDir = makeSupabaseDir();
    server = await startTestServer(backend, supabaseDir);
    anna = await signedIn(server, 'anna@example.com');
    bence = await signedIn(server, 'bence@example.com');
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  // compat: storage.objects
  it('uploads a browser File as multipart (empty field name) with its own type, atomically on disk', async () => {
    const file = new File(['<svg/>'], 'face.svg', { type: 'image/svg+xml' });
    const { data, error } = await anna.sb.storage
      .from('avatars')
      .upload(`${anna.id}/face.svg`, file, { contentType: 'text/plain' });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path: `${anna.id}/face.svg`,
      fullPath: `avatars/${anna.id}/face.svg`,
    });
    expect(readFileSync(onDisk('avatars', `${anna.id}/face.svg`), 'utf8')).toBe('<svg/>');
    const row = await server.ctx.db.query<{ owner: string; mimetype: string }>(
      `select owner::text as owner, metadata->>'mimetype' as mimetype from storage.objects where name = $1`,
      [`${anna.id}/face.svg`],
    );
    expect(row.rows[0]).toEqual({ owner: anna.id, mimetype: 'image/svg+xml' });
    expect(tempFiles()).toEqual([]);
  });

  // compat: storage.objects
  it('uploads raw bodies with content-type and cache-control, 409 on duplicates, x-upsert overwrites', async () => {
    const path = `${anna.id}/note.txt`;
    const first = await anna.sb.storage
      .from('avatars')
      .upload(path, 'first', { contentType: 'text/plain', cacheControl: '60' });
    expect(first.error).toBeNull();
    const dup = await anna.sb.storage
      .from('avatars')
      .upload(path, 'dup', { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const upsert = await anna.sb.storage
      .from('avatars')
      .upload(path, 'second', { contentType: 'text/plain', cacheControl: '60', upsert: true });
    expect(upsert.error).toBeNull();
    const res = await fetch(`${server.url}/storage/v1/object/avatars/${path}`, {
      headers: {
        apikey: server.ctx.keys.anonKey,
        authorization: `Bearer ${(await anna.sb.auth.getSession()).data.session?.access_token ?? ''}`,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('second');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeTruthy();
  });

  // compat: storage.rls-errors
  it('lets RLS decide and leaves neither row nor file after a refused upload', async () => {
    const evil = await bence.sb.storage
      .from('avatars')
      .upload(`${anna.id}/evil.txt`, 'x', { contentType: 'text/plain' });
    expect(evil.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((evil.error as { status?: number } | null)?.status).toBe(400);
    expect(existsSync(onDisk('avatars', `${anna.id}/evil.txt`))).toBe(false);
    const rows = await server.ctx.db.query(`select 1 from storage.objects where name = $1`, [
      `${anna.id}/evil.txt`,
    ]);
    expect(rows.rows).toHaveLength(0);
    expect(tempFiles()).toEqual([]);
    const read = await bence.sb.storage.from('avatars').download(`${anna.id}/note.txt`);
    expect(read.error).not.toBeNull();
    expect((await bence.sb.storage.from('avatars').exists(`${anna.id}/note.txt`)).data).toBe(false);
  });

  // compat: storage.buckets
  it('enforces bucket size and MIME limits with EntityTooLarge and InvalidMimeType', async () => {
    const big = await anna.sb.storage
      .from('avatars')
      .upload(`${anna.id}/big.png`, new Blob([new Uint8Array(4096)], { type: 'image/png' }));
    expect(big.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const pdf = await anna.sb.storage
      .from('avatars')
      .upload(`${anna.id}/a.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    expect(existsSync(onDisk('avatars', `${anna.id}/big.png`))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  // compat: storage.urls
  it('serves getPublicUrl for public buckets only, without auth', async () => {
    const admin = client(server, server.ctx.keys.serviceRoleKey);
    const up = await admin.storage
      .from('audio')
      .upload('lesson 1/line-1.mp3', new Blob(['ID3'], { type: 'audio/mpeg' }));
    expect(up.error).toBeNull();
    const publicUrl = client(server).storage.from('audio').getPublicUrl('lesson 1/line-1.mp3')
      .data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(await res.text()).toBe('ID3');
    const privateUrl = client(server).storage.from('avatars').getPublicUrl(`${anna.id}/face.svg`)
      .data.publicUrl;
    const denied = await fetch(privateUrl);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  // compat: storage.urls
  it('creates signed URLs that work without auth', async () => {
    const signed = await anna.sb.storage.from('avatars').createSignedUrl(`${anna.id}/face.svg`, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data?.signedUrl ?? '');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<svg/>');
    const foreign = await bence.sb.storage
      .from('avatars')
      .createSignedUrl(`${anna.id}/face.svg`, 60);
    expect(foreign.error).not.toBeNull();
  });

  // compat: storage.objects
  it('lists folders with id null and files relative to the prefix; moves, copies and removes', async () => {
    const root = await anna.sb.storage.from('avatars').list();
    expect(root.data).toEqual([
      {
        name: anna.id,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
    ]);
    const copy = await anna.sb.storage
      .from('avatars')
      .copy(`${anna.id}/note.txt`, `${anna.id}/old/note.txt`);
    expect(copy.error).toBeNull();
    const move = await anna.sb.storage
      .from('avatars')
      .move(`${anna.id}/old/note.txt`, `${anna.id}/archive/note.txt`);
    expect(move.error).toBeNull();
    const inside = await anna.sb.storage.from('avatars').list(anna.id);
    expect(inside.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['archive', true],
      ['face.svg', false],
      ['note.txt', false],
    ]);
    const info = await anna.sb.storage.from('avatars').info(`${anna.id}/archive/note.txt`);
    expect(info.data).toMatchObject({ contentType: 'text/plain', size: 6 });
    const removed = await anna.sb.storage
      .from('avatars')
      .remove([`${anna.id}/archive/note.txt`, `${anna.id}/missing.txt`]);
    expect(removed.data).toHaveLength(1);
    expect(existsSync(onDisk('avatars', `${anna.id}/archive/note.txt`))).toBe(false);
  });

  // compat: storage.buckets
  it('manages buckets with the service role and refuses anon', async () => {
    const admin = client(server, server.ctx.keys.serviceRoleKey).storage;
    expect(
      (await admin.createBucket('docs', { public: false, fileSizeLimit: 1024 })).error,
    ).toBeNull();
    expect((await admin.getBucket('docs')).data).toMatchObject({
      id: 'docs',
      file_size_limit: 1024,
    });
    expect((await client(server).storage.createBucket('nope')).error).toMatchObject({
      statusCode: '403',
    });
    expect((await admin.deleteBucket('docs')).error).toBeNull();
    const missing = await admin.from('ghost').download('x.txt');
    expect(missing.error).not.toBeNull();
  });

  // compat: storage.rls-errors
  it('treats a publishable-key bearer as anon and answers junk with storage errors', async () => {
    const apikey = server.ctx.keys.anonKey;
    const res = await fetch(`${server.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: {
        apikey,
        authorization: 'Bearer sb_publishable_x',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const junk = await fetch(`${server.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: { apikey },
      body: '{nope',
    });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ statusCode: '400' });
    const unknown = await fetch(`${server.url}/storage/v1/nowhere`, { headers: { apikey } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ statusCode: '404' });
  });
});
