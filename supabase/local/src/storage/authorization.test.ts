import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, serviceFetch, type TestContext } from '../auth/test-context.ts';
import { signJwt } from '../jwt.ts';
import { storageService } from './index.ts';

// Authorization at the point of effect: signing an upload URL needs the right the upload needs,
// the upload made with the token runs as the signer (checked again then), bucket changes are
// refused rather than reported as done, and downloads can never become pages of the origin.

const EDITOR = '33333333-3333-4333-8333-333333333333';
const LEARNER = '44444444-4444-4444-8444-444444444444';
const url = 'http://127.0.0.1:54321';

type StorageBody = { statusCode: string; code: string; error: string; message: string };

describe('storage authorization', () => {
  let ctx: TestContext;
  let fetchImpl: typeof fetch;

  const token = (sub: string) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      ctx.keys.jwtSecret,
    );
  const client = (bearer?: string): SupabaseClient<Database> =>
    createClient<Database>(url, ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: fetchImpl,
        ...(bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {}),
      },
    });
  const raw = async (path: string, init: RequestInit & { bearer?: string } = {}) => {
    const bearer = init.bearer ?? ctx.keys.anonKey;
    const res = await fetchImpl(`${url}/storage/v1${path}`, {
      ...init,
      headers: { apikey: ctx.keys.anonKey, authorization: `Bearer ${bearer}`, ...init.headers },
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const rowCount = async (name: string) =>
    (
      await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from storage.objects where bucket_id = 'docs' and name = $1`,
        [name],
      )
    ).rows[0]?.n;
  const file = (name: string) => join(ctx.config.dataDir, 'storage', 'docs', name);

  beforeAll(async () => {
    ctx = await createTestContext({
      sql: [
        `create table public.editors (user_id uuid primary key);
         grant all on public.editors to anon, authenticated, service_role;
         insert into public.editors values ('${EDITOR}');
         insert into storage.buckets (id, name, public) values ('docs', 'docs', false);
         insert into storage.buckets (id, name, public) values ('spare', 'spare', false);
         create policy editors_insert on storage.objects for insert to authenticated
           with check (bucket_id = 'docs' and exists (select 1 from public.editors where user_id = auth.uid()));
         create policy editors_update on storage.objects for update to authenticated
           using (bucket_id = 'docs' and exists (select 1 from public.editors where user_id = auth.uid()));
         create policy everyone_reads on storage.objects for select to anon, authenticated
           using (bucket_id = 'docs');
         create policy everyone_deletes_own on storage.objects for delete to authenticated
           using (bucket_id = 'docs' and owner = auth.uid());`,
      ],
    });
    fetchImpl = serviceFetch(ctx, { '/storage/v1': storageService });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('refuses to sign an upload URL for a caller who could not upload, and leaves no row', async () => {
    for (const bearer of [ctx.keys.anonKey, token(LEARNER)]) {
      for (const upsert of ['false', 'true']) {
        const res = await raw('/object/upload/sign/docs/a/refused.txt', {
          method: 'POST',
          bearer,
          headers: { 'x-upsert': upsert },
        });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.text) as StorageBody).toEqual({
          statusCode: '403',
          code: 'AccessDenied',
          error: 'Unauthorized',
          message: 'new row violates row-level security policy',
        });
      }
    }
    expect(await rowCount('a/refused.txt')).toBe(0);
    const sdk = await client(token(LEARNER))
      .storage.from('docs')
      .createSignedUploadUrl('a/refused.txt');
    expect(sdk.error).toMatchObject({ statusCode: '403' });
  });

  it('runs the signed upload as its signer: owner set, and refused once the signer lost the right', async () => {
    const signed = await client(token(EDITOR))
      .storage.from('docs')
      .createSignedUploadUrl('a/ok.txt');
    expect(signed.error).toBeNull();
    const put = await client()
      .storage.from('docs')
      .uploadToSignedUrl(
        'a/ok.txt',
        signed.data?.token ?? '',
        new Blob(['by editor'], { type: 'text/plain' }),
      );
    expect(put.error).toBeNull();
    const row = await ctx.db.query<{ owner: string }>(
      `select owner::text as owner from storage.objects where bucket_id = 'docs' and name = 'a/ok.txt'`,
    );
    expect(row.rows[0]?.owner).toBe(EDITOR);

    const later = await client(token(EDITOR))
      .storage.from('docs')
      .createSignedUploadUrl('a/later.txt');
    expect(later.error).toBeNull();
    await ctx.db.query(`delete from public.editors where user_id = $1`, [EDITOR]);
    try {
      const refused = await client()
        .storage.from('docs')
        .uploadToSignedUrl(
          'a/later.txt',
          later.data?.token ?? '',
          new Blob(['too late'], { type: 'text/plain' }),
        );
      expect(refused.error).toMatchObject({ statusCode: '403' });
      expect(await rowCount('a/later.txt')).toBe(0);
      expect(existsSync(file('a/later.txt'))).toBe(false);
    } finally {
      await ctx.db.query(`insert into public.editors values ($1)`, [EDITOR]);
    }
  });

  it('needs the update right to sign an upsert of an existing object, and 409 without x-upsert', async () => {
    const dup = await raw('/object/upload/sign/docs/a/ok.txt', {
      method: 'POST',
      bearer: token(EDITOR),
    });
    expect(JSON.parse(dup.text)).toMatchObject({ statusCode: '409', code: 'KeyAlreadyExists' });
    const signed = await client(token(EDITOR))
      .storage.from('docs')
      .createSignedUploadUrl('a/ok.txt', { upsert: true });
    expect(signed.error).toBeNull();
    const put = await client()
      .storage.from('docs')
      .uploadToSignedUrl(
        'a/ok.txt',
        signed.data?.token ?? '',
        new Blob(['replaced'], { type: 'text/plain' }),
      );
    expect(put.error).toBeNull();
    const text = await (await client().storage.from('docs').download('a/ok.txt')).data?.text();
    expect(text).toBe('replaced');
  });

  it('keeps download and upload tokens apart', async () => {
    const download = await client().storage.from('docs').createSignedUrl('a/ok.txt', 60);
    expect(download.error).toBeNull();
    const downloadToken = new URL(download.data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const asUpload = await raw(`/object/upload/sign/docs/a/ok.txt?token=${downloadToken}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'x-upsert': 'true' },
      body: 'hijack',
    });
    expect(JSON.parse(asUpload.text)).toMatchObject({ code: 'InvalidSignature' });
    const upload = await client(token(EDITOR))
      .storage.from('docs')
      .createSignedUploadUrl('a/new.txt');
    const asDownload = await raw(`/object/sign/docs/a/new.txt?token=${upload.data?.token ?? ''}`);
    expect(JSON.parse(asDownload.text)).toMatchObject({ code: 'InvalidSignature' });
    // An upload token in the old form (no scope, no signer) no longer works.
    const iat = Math.floor(Date.now() / 1000);
    const legacy = signJwt(
      { url: 'docs/a/legacy.txt', iat, exp: iat + 60, upsert: true },
      ctx.keys.jwtSecret,
    );
    const old = await raw(`/object/upload/sign/docs/a/legacy.txt?token=${legacy}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(old.status).toBe(400);
    expect(await rowCount('a/legacy.txt')).toBe(0);
  });

  it('empties a bucket for the service role only, and never reports work it did not do', async () => {
    for (const bearer of [ctx.keys.anonKey, token(LEARNER), token(EDITOR)]) {
      const res = await raw('/bucket/docs/empty', { method: 'POST', bearer });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Access denied: Invalid role',
      });
    }
    expect(await rowCount('a/ok.txt')).toBe(1);
    expect(existsSync(file('a/ok.txt'))).toBe(true);
  });

  it('refuses bucket changes and deletion by non-service callers instead of answering success', async () => {
    for (const bearer of [ctx.keys.anonKey, token(LEARNER)]) {
      const del = await raw('/bucket/spare', { method: 'DELETE', bearer });
      expect(JSON.parse(del.text)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
      const put = await raw('/bucket/spare', {
        method: 'PUT',
        bearer,
        body: JSON.stringify({ public: true }),
      });
      expect(JSON.parse(put.text)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    }
    const still = await ctx.db.query<{ public: boolean }>(
      `select public from storage.buckets where id = 'spare'`,
    );
    expect(still.rows).toEqual([{ public: false }]);
    const service = client(ctx.keys.serviceRoleKey).storage;
    expect((await service.deleteBucket('docs')).error).toMatchObject({ statusCode: '409' });
    expect((await service.deleteBucket('spare')).error).toBeNull();
    expect((await service.deleteBucket('spare')).error).toMatchObject({ statusCode: '404' });
  });

  it('serves stored files with nosniff and a sandbox, and HTML only as an attachment', async () => {
    const service = client(ctx.keys.serviceRoleKey).storage.from('docs');
    await service.upload(
      'page.html',
      new Blob(['<script>alert(1)</script>'], { type: 'text/html' }),
    );
    await service.upload('song.mp3', new Blob(['ID3'], { type: 'audio/mpeg' }));
    const page = await raw('/object/authenticated/docs/page.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain('sandbox');
    expect(page.headers.get('content-disposition')).toMatch(/^attachment;/);
    const song = await raw('/object/authenticated/docs/song.mp3');
    expect(song.headers.get('content-type')).toBe('audio/mpeg');
    expect(song.headers.get('x-content-type-options')).toBe('nosniff');
    expect(song.headers.get('content-disposition')).toBeNull();
  });
});
