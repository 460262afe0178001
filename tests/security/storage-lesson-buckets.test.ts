import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  headersFor,
  signIn,
  startAppServer,
  type AppServer,
} from './support/server.ts';

// Finding: with the anon key (or a learner's), POST /storage/v1/object/upload/sign/… with
// x-upsert answered a token, and PUT with it replaced lesson 2's audio for every learner, also
// in the private buckets; a learner's POST /bucket/lesson-audio/empty answered "Successfully
// emptied" while deleting nothing. Signing now needs the right the upload needs, the upload
// runs as the signer, and bucket emptying and deletion are refused rather than faked.

const BUCKETS = [
  'lesson-audio',
  'lesson-images',
  'lesson-video',
  'lesson-documents',
  'lesson-drafts',
] as const;
const LESSON_2 = 'seed/lessons/lesson-02.mp3';

type StorageBody = { statusCode: string; code: string; error: string; message: string };

describe('storage: signing, signed uploads, empty and delete', () => {
  let server: AppServer;
  let learner: string;
  let admin: string;
  const anonKey = () => server.ctx.keys.anonKey;
  const storage = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const res = await fetch(`${server.url}/storage/v1${path}`, {
      ...init,
      headers: { ...headersFor(anonKey(), init.token), ...init.headers },
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const objectCount = async (bucket: string) =>
    (
      await server.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where bucket_id = $1',
        [bucket],
      )
    ).rows[0]?.n ?? 0;
  const lesson2Bytes = () =>
    readFileSync(join(server.ctx.config.dataDir, 'storage', 'lesson-audio', LESSON_2));

  beforeAll(async () => {
    server = await startAppServer();
    learner = (await signIn(server.url, anonKey(), DEMO_LEARNER)).access_token;
    admin = (await signIn(server.url, anonKey(), DEMO_ADMIN)).access_token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the reported attack: anon signs an upsert of lesson 2 audio and overwrites it', async () => {
    const before = lesson2Bytes();
    const sign = await storage(`/object/upload/sign/lesson-audio/${LESSON_2}`, {
      method: 'POST',
      headers: { 'x-upsert': 'true' },
    });
    expect(sign.status).toBe(400);
    expect(JSON.parse(sign.body) as StorageBody).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    // A token forged in the old format is refused too; the audio is unchanged.
    const put = await storage(`/object/upload/sign/lesson-audio/${LESSON_2}?token=x.y.z`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/mpeg', 'x-upsert': 'true' },
      body: 'not audio',
    });
    expect(put.status).toBe(400);
    expect(lesson2Bytes().equals(before)).toBe(true);
  });

  it('refuses anonymous and learner signing into all five lesson buckets, with and without upsert', async () => {
    for (const who of [undefined, learner]) {
      for (const bucket of BUCKETS) {
        for (const upsert of ['true', 'false']) {
          const res = await storage(`/object/upload/sign/${bucket}/security/new-file.bin`, {
            method: 'POST',
            ...(who ? { token: who } : {}),
            headers: { 'x-upsert': upsert },
          });
          expect(res.status, `${bucket} upsert=${upsert}`).toBe(400);
          expect(JSON.parse(res.body)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
        }
      }
    }
    // The learner is refused even for the object that exists, with supabase-js too.
    const sdk = createClient<Database>(server.url, anonKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${learner}` } },
    });
    const signed = await sdk.storage.from('lesson-audio').createSignedUploadUrl(LESSON_2, {
      upsert: true,
    });
    expect(signed.error).toMatchObject({ statusCode: '403' });
  });

  it('lets the admin sign and upload into every lesson bucket, the upload owned by the admin', async () => {
    const files: Record<(typeof BUCKETS)[number], [string, string]> = {
      'lesson-audio': ['security/admin.mp3', 'audio/mpeg'],
      'lesson-images': ['security/admin.png', 'image/png'],
      'lesson-video': ['security/admin.mp4', 'video/mp4'],
      'lesson-documents': ['security/admin.csv', 'text/csv'],
      'lesson-drafts': ['lesson-audio/security/admin.mp3', 'audio/mpeg'],
    };
    const adminId = JSON.parse(
      Buffer.from(admin.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { sub: string };
    for (const bucket of BUCKETS) {
      const [name, type] = files[bucket];
      const sign = await storage(`/object/upload/sign/${bucket}/${name}`, {
        method: 'POST',
        token: admin,
      });
      expect(sign.status, bucket).toBe(200);
      const { token } = JSON.parse(sign.body) as { token: string };
      // The upload itself needs no key: the token carries the signer.
      const put = await fetch(
        `${server.url}/storage/v1/object/upload/sign/${bucket}/${name}?token=${token}`,
        { method: 'PUT', headers: { 'content-type': type }, body: 'admin bytes' },
      );
      expect(put.status, bucket).toBe(200);
      const row = await server.ctx.db.query<{ owner: string }>(
        'select owner::text as owner from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      expect(row.rows[0]?.owner).toBe(adminId.sub);
    }
  });

  it('refuses emptying a lesson bucket to anon, learner and app admin, deleting nothing', async () => {
    const before = await objectCount('lesson-audio');
    expect(before).toBeGreaterThan(0);
    for (const who of [undefined, learner, admin]) {
      const res = await storage('/bucket/lesson-audio/empty', {
        method: 'POST',
        ...(who ? { token: who } : {}),
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Access denied: Invalid role',
      });
      expect(res.body).not.toContain('Successfully');
    }
    expect(await objectCount('lesson-audio')).toBe(before);
  });

  it('refuses deleting or changing a lesson bucket to anon, learner and app admin', async () => {
    for (const who of [undefined, learner, admin]) {
      for (const bucket of BUCKETS) {
        const del = await storage(`/bucket/${bucket}`, {
          method: 'DELETE',
          ...(who ? { token: who } : {}),
        });
        expect(del.status).toBe(400);
        expect(JSON.parse(del.body)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
        const put = await storage(`/bucket/${bucket}`, {
          method: 'PUT',
          ...(who ? { token: who } : {}),
          body: JSON.stringify({ public: true, allowed_mime_types: ['text/html'] }),
        });
        expect(JSON.parse(put.body)).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
      }
    }
    const buckets = await server.ctx.db.query<{ id: string; public: boolean }>(
      'select id, public from storage.buckets order by id',
    );
    expect(buckets.rows).toEqual([
      { id: 'lesson-audio', public: true },
      { id: 'lesson-documents', public: false },
      { id: 'lesson-drafts', public: false },
      { id: 'lesson-images', public: true },
      { id: 'lesson-video', public: false },
    ]);
  });

  it('serves stored files with nosniff and never as an HTML page of the app origin', async () => {
    const service = server.ctx.keys.serviceRoleKey;
    const created = await storage('/bucket', {
      method: 'POST',
      token: service,
      body: JSON.stringify({ name: 'security-scratch', public: true }),
    });
    expect(created.status).toBe(200);
    const html = '<!doctype html><script>fetch("/rest/v1/profiles")</script>';
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['image.svg', 'image/svg+xml'],
      ['doc.xml', 'application/xml'],
    ]) {
      const up = await storage(`/object/security-scratch/${name}`, {
        method: 'POST',
        token: service,
        headers: { 'content-type': type ?? '' },
        body: html,
      });
      expect(up.status).toBe(200);
      const got = await fetch(`${server.url}/storage/v1/object/public/security-scratch/${name}`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(got.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    }
    const audio = await fetch(`${server.url}/storage/v1/object/public/lesson-audio/${LESSON_2}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('x-content-type-options')).toBe('nosniff');
    expect(audio.headers.get('content-disposition')).toBeNull();
    // The service role may empty and delete a bucket, and then it is really gone.
    const emptied = await storage('/bucket/security-scratch/empty', {
      method: 'POST',
      token: service,
    });
    expect(emptied.status).toBe(200);
    expect(await objectCount('security-scratch')).toBe(0);
    const deleted = await storage('/bucket/security-scratch', { method: 'DELETE', token: service });
    expect(deleted.status).toBe(200);
  });
});
