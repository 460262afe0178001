import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, serviceFetch, type TestContext } from '../auth/test-context.ts';
import { signJwt } from '../jwt.ts';
import { storageService } from './index.ts';

// The storage service driven by unmodified supabase-js (fetch routed to the service).

const ANNA = '11111111-1111-4111-8111-111111111111';
const BENCE = '22222222-2222-4222-8222-222222222222';

describe('storageService', () => {
  let ctx: TestContext;
  let fetchImpl: typeof fetch;
  const url = 'http://127.0.0.1:54321';

  const userToken = (sub: string) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      ctx.keys.jwtSecret,
    );

  const client = (token?: string): SupabaseClient<Database> =>
    createClient<Database>(url, ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: fetchImpl,
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      },
    });

  const tempFiles = () => {
    const dir = join(ctx.config.dataDir, 'storage', '.tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    ctx = await createTestContext({
      sql: [
        `insert into storage.buckets (id, name, public) values ('public-audio', 'public-audio', true);
         insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
           values ('avatars', 'avatars', false, 1024, array['image/*', 'text/plain']);
         create policy own_insert on storage.objects for insert to authenticated
           with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
         create policy own_select on storage.objects for select to authenticated
           using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
         create policy own_update on storage.objects for update to authenticated
           using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
         create policy own_delete on storage.objects for delete to authenticated
           using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);`,
      ],
    });
    fetchImpl = serviceFetch(ctx, { '/storage/v1': storageService });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('uploads a Blob as multipart with an empty field name and stores row and bytes', async () => {
    const sb = client(userToken(ANNA));
    const blob = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    const { data, error } = await sb.storage.from('avatars').upload(`${ANNA}/face.svg`, blob);
    expect(error).toBeNull();
    expect(data?.path).toBe(`${ANNA}/face.svg`);
    expect(data?.fullPath).toBe(`avatars/${ANNA}/face.svg`);
    const row = await ctx.db.query<{
      owner: string;
      mimetype: string;
      size: number;
      cache: string;
    }>(
      `select owner::text as owner, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size,
              metadata->>'cacheControl' as cache
         from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${ANNA}/face.svg`],
    );
    expect(row.rows[0]).toEqual({
      owner: ANNA,
      mimetype: 'image/svg+xml',
      size: 6,
      cache: 'max-age=3600',
    });
    const onDisk = readFileSync(
      join(ctx.config.dataDir, 'storage', 'avatars', ANNA, 'face.svg'),
      'utf8',
    );
    expect(onDisk).toBe('<svg/>');
    expect(tempFiles()).toEqual([]);
  });

  it('uploads raw bodies with content-type and x-upsert, and answers 409 without upsert', async () => {
    const sb = client(userToken(ANNA));
    const raw = await sb.storage
      .from('avatars')
      .upload(`${ANNA}/note.txt`, 'hello', { contentType: 'text/plain' });
    expect(raw.error).toBeNull();
    const dup = await sb.storage
      .from('avatars')
      .upload(`${ANNA}/note.txt`, 'again', { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((dup.error as { status?: number } | null)?.status).toBe(400);
    const up = await sb.storage.from('avatars').upload(`${ANNA}/note.txt`, 'upserted', {
      contentType: 'text/plain',
      upsert: true,
    });
    expect(up.error).toBeNull();
    const down = await sb.storage.from('avatars').download(`${ANNA}/note.txt`);
    expect(await down.data?.text()).toBe('upserted');
    const upd = await sb.storage
      .from('avatars')
      .update(`${ANNA}/note.txt`, 'updated', { contentType: 'text/plain' });
    expect(upd.error).toBeNull();
    expect(await (await sb.storage.from('avatars').download(`${ANNA}/note.txt`)).data?.text()).toBe(
      'updated',
    );
  });

  it('lets RLS decide: another user can neither upload into nor read from a foreign folder', async () => {
    const bence = client(userToken(BENCE));
    const up = await bence.storage
      .from('avatars')
      .upload(`${ANNA}/evil.txt`, 'x', { contentType: 'text/plain' });
    expect(up.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(existsSync(join(ctx.config.dataDir, 'storage', 'avatars', ANNA, 'evil.txt'))).toBe(
      false,
    );
    expect(tempFiles()).toEqual([]);
    const down = await bence.storage.from('avatars').download(`${ANNA}/note.txt`);
    expect(down.error).not.toBeNull();
    const anon = await client()
      .storage.from('avatars')
      .upload('x/y.txt', 'x', { contentType: 'text/plain' });
    expect(anon.error).toMatchObject({ statusCode: '403' });
    const exists = await bence.storage.from('avatars').exists(`${ANNA}/note.txt`);
    expect(exists.data).toBe(false);
  });

  it('enforces the bucket size and MIME limits with the storage error shapes', async () => {
    const sb = client(userToken(ANNA));
    const big = await sb.storage
      .from('avatars')
      .upload(`${ANNA}/big.png`, new Blob([new Uint8Array(2048)], { type: 'image/png' }));
    expect(big.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const pdf = await sb.storage
      .from('avatars')
      .upload(`${ANNA}/doc.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    const rows = await ctx.db.query(`select 1 from storage.objects where name like $1`, [
      `${ANNA}/big%`,
    ]);
    expect(rows.rows).toHaveLength(0);
  });

  it('downloads with content-type, etag, cache-control and last-modified, and 304 on If-None-Match', async () => {
    const res = await fetchImpl(`${url}/storage/v1/object/avatars/${ANNA}/face.svg`, {
      headers: { authorization: `Bearer ${userToken(ANNA)}`, apikey: ctx.keys.anonKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    const again = await fetchImpl(`${url}/storage/v1/object/avatars/${ANNA}/face.svg`, {
      headers: {
        authorization: `Bearer ${userToken(ANNA)}`,
        'if-none-match': res.headers.get('etag') ?? '',
      },
    });
    expect(again.status).toBe(304);
  });

  it('serves public URLs only for public buckets', async () => {
    const service = client(ctx.keys.serviceRoleKey);
    await service.storage
      .from('public-audio')
      .upload('lesson 1/á.mp3', new Blob(['ID3'], { type: 'audio/mpeg' }))
      .then((r) => {
        expect(r.error).toMatchObject({ statusCode: '400' });
      });
    const ok = await service.storage
      .from('public-audio')
      .upload('lesson 1/a.mp3', new Blob(['ID3'], { type: 'audio/mpeg' }));
    expect(ok.error).toBeNull();
    const publicUrl = client().storage.from('public-audio').getPublicUrl('lesson 1/a.mp3')
      .data.publicUrl;
    const res = await fetchImpl(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(await res.text()).toBe('ID3');
    const privateUrl = client().storage.from('avatars').getPublicUrl(`${ANNA}/face.svg`)
      .data.publicUrl;
    const denied = await fetchImpl(privateUrl);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('creates signed URLs that bypass RLS until they expire', async () => {
    const sb = client(userToken(ANNA));
    const signed = await sb.storage.from('avatars').createSignedUrl(`${ANNA}/face.svg`, 60);
    expect(signed.error).toBeNull();
    const res = await fetchImpl(signed.data?.signedUrl ?? '');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<svg/>');
    const foreign = await client(userToken(BENCE))
      .storage.from('avatars')
      .createSignedUrl(`${ANNA}/face.svg`, 60);
    expect(foreign.error).toMatchObject({ statusCode: '404' });
    const many = await sb.storage
      .from('avatars')
      .createSignedUrls([`${ANNA}/face.svg`, `${ANNA}/missing.svg`], 60);
    expect(many.data?.[0]?.signedUrl).toContain('token=');
    expect(many.data?.[1]?.error).toBeTruthy();
    const token = new URL(signed.data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const tampered = await fetchImpl(
      `${url}/storage/v1/object/sign/avatars/${ANNA}/note.txt?token=${token}`,
    );
    expect(tampered.status).toBe(400);
    const expired = signJwt(
      { url: `avatars/${ANNA}/face.svg`, iat: 1, exp: 2 },
      ctx.keys.jwtSecret,
    );
    const old = await fetchImpl(
      `${url}/storage/v1/object/sign/avatars/${ANNA}/face.svg?token=${expired}`,
    );
    expect(await old.json()).toMatchObject({ message: 'jwt expired' });
  });

  it('lists folders with null ids and files relative to the prefix', async () => {
    const service = client(ctx.keys.serviceRoleKey);
    const root = await service.storage.from('avatars').list();
    expect(root.data).toEqual([
      {
        name: ANNA,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
    ]);
    const inside = await client(userToken(ANNA))
      .storage.from('avatars')
      .list(ANNA, { sortBy: { column: 'name', order: 'desc' } });
    expect(inside.data?.map((f) => f.name)).toEqual(['note.txt', 'face.svg']);
    expect(inside.data?.[0]?.metadata).toMatchObject({ mimetype: 'text/plain', size: 7 });
    const foreign = await client(userToken(BENCE)).storage.from('avatars').list(ANNA);
    expect(foreign.data).toEqual([]);
  });

  it('moves, copies, reads info and removes objects', async () => {
    const sb = client(userToken(ANNA));
    const copied = await sb.storage.from('avatars').copy(`${ANNA}/note.txt`, `${ANNA}/copy.txt`);
    expect(copied.error).toBeNull();
    const moved = await sb.storage
      .from('avatars')
      .move(`${ANNA}/copy.txt`, `${ANNA}/moved/copy.txt`);
    expect(moved.error).toBeNull();
    expect(
      await (await sb.storage.from('avatars').download(`${ANNA}/moved/copy.txt`)).data?.text(),
    ).toBe('updated');
    const info = await sb.storage.from('avatars').info(`${ANNA}/moved/copy.txt`);
    expect(info.data).toMatchObject({
      name: `${ANNA}/moved/copy.txt`,
      contentType: 'text/plain',
      size: 7,
    });
    const removed = await sb.storage
      .from('avatars')
      .remove([`${ANNA}/moved/copy.txt`, `${ANNA}/nope.txt`]);
    expect(removed.data).toHaveLength(1);
    expect(existsSync(join(ctx.config.dataDir, 'storage', 'avatars', ANNA, 'moved'))).toBe(false);
    const gone = await sb.storage.from('avatars').exists(`${ANNA}/moved/copy.txt`);
    expect(gone.data).toBe(false);
  });

  it('lets only the service role manage buckets', async () => {
    const service = client(ctx.keys.serviceRoleKey).storage;
    const created = await service.createBucket('docs', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['application/pdf'],
    });
    expect(created.error).toBeNull();
    const got = await service.getBucket('docs');
    expect(got.data).toMatchObject({
      id: 'docs',
      public: false,
      file_size_limit: 1_000_000, // decimal units, as hosted parses them
      allowed_mime_types: ['application/pdf'],
    });
    const dup = await service.createBucket('docs');
    expect(dup.error).toMatchObject({ statusCode: '409' });
    expect((await service.updateBucket('docs', { public: true })).error).toBeNull();
    expect((await service.listBuckets()).data?.map((b) => b.id)).toEqual([
      'avatars',
      'docs',
      'public-audio',
    ]);
    const anon = await client().storage.createBucket('sneaky');
    expect(anon.error).toMatchObject({ statusCode: '403' });
    expect((await client().storage.listBuckets()).data).toEqual([]);
    expect((await service.deleteBucket('docs')).error).toBeNull();
    expect((await service.getBucket('docs')).error).toMatchObject({ statusCode: '404' });
  });

  it('answers HEAD with headers only and accepts uploads to a signed upload URL', async () => {
    const head = await fetchImpl(`${url}/storage/v1/object/public-audio/lesson 1/a.mp3`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${ctx.keys.serviceRoleKey}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('3');
    const sb = client(userToken(ANNA));
    const signed = await sb.storage.from('avatars').createSignedUploadUrl(`${ANNA}/signed.txt`);
    expect(signed.error).toBeNull();
    const put = await client()
      .storage.from('avatars')
      .uploadToSignedUrl(
        `${ANNA}/signed.txt`,
        signed.data?.token ?? '',
        new Blob(['via token'], { type: 'text/plain' }),
      );
    expect(put.error).toBeNull();
    expect(
      await (await sb.storage.from('avatars').download(`${ANNA}/signed.txt`)).data?.text(),
    ).toBe('via token');
  });

  it('answers bad input with storage errors, never a crash', async () => {
    const bad = async (path: string, init?: RequestInit) => {
      const res = await fetchImpl(`${url}/storage/v1${path}`, init);
      const body = (await res.json()) as { statusCode: string; message: string };
      return { status: res.status, body };
    };
    expect((await bad('/object/nope/file.txt')).body.statusCode).toBe('404');
    expect((await bad('/object/avatars/%E0%A4%A')).status).toBe(400);
    expect(
      (await bad('/object/avatars/a/../../etc/passwd', { method: 'POST', body: 'x' })).status,
    ).toBe(400);
    expect((await bad('/object/list/avatars', { method: 'POST', body: '{nope' })).status).toBe(400);
    expect((await bad('/object/avatars', { method: 'DELETE', body: '{}' })).status).toBe(400);
    const badJwt = await bad('/object/avatars/x.txt', {
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(badJwt.body.statusCode).toBe('403');
    expect((await bad('/whatever')).body.statusCode).toBe('404');
  });
});
