import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  signIn,
  startAppServer,
  type AppServer,
} from './support/server.ts';

// Finding (issue 27): a draft lesson's audio in the public lesson-audio bucket was listed and
// downloaded by anon. Now anon and learners see a lesson file through the API (list, the
// RLS-checked download routes, signing, info) only once its lesson is published; the admin
// sees everything, and a published lesson's public URL works as before. The public URL of a
// public bucket is served without RLS to whoever knows the object's name (as on hosted): the
// name of a draft's file is not to be learned (listing closed, the draft's rows hidden) and
// holds the lesson's random id.

type Db = SupabaseClient<Database>;
const OPTIONS = { auth: { persistSession: false, autoRefreshToken: false } };
const AUDIO = 'lesson-audio';

describe('a draft lesson’s files', () => {
  let server: AppServer;
  let anon: Db;
  let learner: Db;
  let admin: Db;
  let lessonId: string;
  let webPath: string;
  let studioPath: string;

  const client = (token?: string): Db =>
    createClient<Database>(server.url, server.ctx.keys.anonKey, {
      ...OPTIONS,
      ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    });

  beforeAll(async () => {
    server = await startAppServer();
    const anonKey = server.ctx.keys.anonKey;
    anon = client();
    learner = client((await signIn(server.url, anonKey, DEMO_LEARNER)).access_token);
    admin = client((await signIn(server.url, anonKey, DEMO_ADMIN)).access_token);
    // The admin's draft, with files where the web admin and the studio put them.
    const created = await admin
      .from('lessons')
      .insert({ lesson_number: 950, title: 'Titkos lecke', is_published: false })
      .select('id')
      .single();
    if (created.error) throw created.error;
    lessonId = created.data.id;
    webPath = `${lessonId}/1764255600000-dialogue.mp3`;
    studioPath = `lessons/${lessonId}/dialogue/0123456789abcdef0123456789abcdef.mp3`;
    for (const path of [webPath, studioPath]) {
      const up = await admin.storage
        .from(AUDIO)
        .upload(
          path,
          new Blob([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], { type: 'audio/mpeg' }),
          {
            contentType: 'audio/mpeg',
          },
        );
      if (up.error) throw up.error;
    }
    const named = await admin
      .from('lessons')
      .update({ audio_url: admin.storage.from(AUDIO).getPublicUrl(studioPath).data.publicUrl })
      .eq('id', lessonId);
    if (named.error) throw named.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function listed(db: Db): Promise<string[]> {
    const names: string[] = [];
    for (const folder of [lessonId, `lessons/${lessonId}/dialogue`]) {
      const { data, error } = await db.storage.from(AUDIO).list(folder);
      expect(error).toBeNull();
      names.push(...(data ?? []).map((o) => `${folder}/${o.name}`));
    }
    return names.sort();
  }

  it('refuses anon and learners listing, downloading, signing and inspecting them', async () => {
    for (const db of [anon, learner]) {
      expect(await listed(db)).toEqual([]);
      for (const path of [webPath, studioPath]) {
        const download = await db.storage.from(AUDIO).download(path);
        expect(download.error).not.toBeNull();
        const signed = await db.storage.from(AUDIO).createSignedUrl(path, 60);
        expect(signed.error).not.toBeNull();
        const info = await db.storage.from(AUDIO).info(path);
        expect(info.error).not.toBeNull();
      }
      // Nor is the name to be learned from the draft's rows.
      const row = await db.from('lessons').select('audio_url').eq('id', lessonId);
      expect(row.data).toEqual([]);
    }
    for (const route of ['authenticated', '']) {
      const res = await fetch(
        `${server.url}/storage/v1/object/${route ? `${route}/` : ''}${AUDIO}/${studioPath}`,
        { headers: { apikey: server.ctx.keys.anonKey } },
      );
      expect(res.status, route).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
    }
  });

  it('lets the admin list and download them (web admin, studio publisher)', async () => {
    expect(await listed(admin)).toEqual([studioPath, webPath].sort());
    const download = await admin.storage.from(AUDIO).download(studioPath);
    expect(download.error).toBeNull();
    expect(download.data?.size).toBe(4);
  });

  it('shows them to everyone once published, and hides them again as a draft', async () => {
    const published = await admin.from('lessons').update({ is_published: true }).eq('id', lessonId);
    expect(published.error).toBeNull();
    for (const db of [anon, learner]) {
      expect(await listed(db)).toEqual([studioPath, webPath].sort());
      expect((await db.storage.from(AUDIO).download(webPath)).error).toBeNull();
    }
    const row = await anon.from('lessons').select('audio_url').eq('id', lessonId).single();
    const audio = await fetch(row.data?.audio_url ?? '');
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const draft = await admin.from('lessons').update({ is_published: false }).eq('id', lessonId);
    expect(draft.error).toBeNull();
    expect(await listed(anon)).toEqual([]);
  });

  it('keeps the seed’s published lessons playable by their public URLs', async () => {
    const lessons = await anon.from('lessons').select('audio_url').not('audio_url', 'is', null);
    expect(lessons.data?.length).toBeGreaterThanOrEqual(10);
    for (const { audio_url: stored } of lessons.data ?? []) {
      // A bucket path (the seed's) or a full URL, as the player resolves it.
      const url = /^https?:/.test(stored ?? '')
        ? (stored ?? '')
        : anon.storage.from(AUDIO).getPublicUrl(stored ?? '').data.publicUrl;
      const res = await fetch(url, { method: 'HEAD' });
      expect(res.status, url).toBe(200);
    }
    const words = await learner.storage.from(AUDIO).list('seed/lessons', { limit: 100 });
    expect(words.error).toBeNull();
    expect(words.data?.length).toBeGreaterThanOrEqual(10);
  });
});
