import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer } from './setup/server.ts';
import type { TestServer } from './setup/server.ts';

// The storage side of the RLS matrix: the four lesson buckets of the migrations through
// /storage/v1 with supabase-js, for anonymous, a learner and an admin. The files lie in the
// folder of a published lesson (anon and learners see a public bucket's files of published
// lessons only) and, for the draft case, of a draft lesson.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
const BUCKETS = ['lesson-audio', 'lesson-images', 'lesson-video', 'lesson-documents'] as const;
const L1 = randomUUID();
const DRAFT = randomUUID();
const FILES: Record<(typeof BUCKETS)[number], { name: string; type: string }> = {
  'lesson-audio': { name: `${L1}/dialogue.mp3`, type: 'audio/mpeg' },
  'lesson-images': { name: `${L1}/cover.png`, type: 'image/png' },
  'lesson-video': { name: `${L1}/intro.mp4`, type: 'video/mp4' },
  'lesson-documents': { name: `${L1}/transcript.csv`, type: 'text/csv' },
};
const PUBLIC = new Set(['lesson-audio', 'lesson-images']);

describe.each(BACKENDS)('storage RLS matrix on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient<Database>;
  let learner: SupabaseClient<Database>;
  let admin: SupabaseClient<Database>;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    const { anonKey, serviceRoleKey } = server.ctx.keys;
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const service = createClient<Database>(server.url, serviceRoleKey, options);
    anon = createClient<Database>(server.url, anonKey, options);
    const signIn = async (
      email: string,
    ): Promise<{ client: SupabaseClient<Database>; id: string }> => {
      const { data, error } = await createClient<Database>(
        server.url,
        anonKey,
        options,
      ).auth.signUp({
        email,
        password: 'magyarul-storage-test',
      });
      if (error || !data.session || !data.user) throw new Error(`sign-up of ${email} failed`);
      const client = createClient<Database>(server.url, anonKey, {
        ...options,
        global: { headers: { Authorization: `Bearer ${data.session.access_token}` } },
      });
      return { client, id: data.user.id };
    };
    learner = (await signIn('learner@storage.test')).client;
    const a = await signIn('admin@storage.test');
    admin = a.client;
    const promoted = await service.from('user_roles').update({ role: 'admin' }).eq('user_id', a.id);
    if (promoted.error) throw new Error(promoted.error.message);
    const lessons = await service.from('lessons').insert([
      { id: L1, lesson_number: 901, title: 'Első lecke', is_published: true },
      { id: DRAFT, lesson_number: 902, title: 'Vázlat', is_published: false },
    ]);
    if (lessons.error) throw new Error(lessons.error.message);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it.each(BUCKETS)('returns an upload into %s only for the admin', async (bucket) => {
    const { name, type } = FILES[bucket];
    const body = new Blob([new Uint8Array([1, 2, 3, 4])], { type });
    const asAnon = await anon.storage.from(bucket).upload(name, body, { contentType: type });
    expect(asAnon.error).not.toBeNull();
    const asLearner = await learner.storage.from(bucket).upload(name, body, { contentType: type });
    expect(asLearner.error).not.toBeNull();
    const asAdmin = await admin.storage
      .from(bucket)
      .upload(name, body, { contentType: type, upsert: true });
    expect(asAdmin.error).toBeNull();
  });

  it.each(BUCKETS)('returns the objects of %s to the roles that may list them', async (bucket) => {
    for (const [client, allowed] of [
      [anon, PUBLIC.has(bucket)],
      [learner, PUBLIC.has(bucket)],
      [admin, true],
    ] as const) {
      const { data, error } = await client.storage.from(bucket).list(L1);
      expect(error).toBeNull();
      expect(data?.length ?? 0).toBe(allowed ? 1 : 0);
    }
  });

  it('returns a draft lesson’s audio to the admin only', async () => {
    const body = new Blob([new Uint8Array([5, 6, 7])], { type: 'audio/mpeg' });
    const name = `${DRAFT}/draft.mp3`;
    const up = await admin.storage.from('lesson-audio').upload(name, body, { upsert: true });
    expect(up.error).toBeNull();
    for (const [client, count] of [
      [anon, 0],
      [learner, 0],
      [admin, 1],
    ] as const) {
      const { data, error } = await client.storage.from('lesson-audio').list(DRAFT);
      expect(error).toBeNull();
      expect(data?.length ?? 0).toBe(count);
    }
    const signed = await learner.storage.from('lesson-audio').createSignedUrl(name, 60);
    expect(signed.error).not.toBeNull();
    const read = await learner.storage.from('lesson-audio').download(name);
    expect(read.error).not.toBeNull();
    expect((await admin.storage.from('lesson-audio').download(name)).error).toBeNull();
  });

  it.each(BUCKETS)('returns the public URL of %s only for public buckets', async (bucket) => {
    const { publicUrl } = anon.storage.from(bucket).getPublicUrl(FILES[bucket].name).data;
    const res = await fetch(publicUrl);
    expect(res.ok).toBe(PUBLIC.has(bucket));
  });

  it.each(BUCKETS)('returns a refusal when a learner deletes from %s', async (bucket) => {
    await learner.storage.from(bucket).remove([FILES[bucket].name]);
    const still = await admin.storage.from(bucket).list(L1);
    expect(still.data).toHaveLength(1);
  });

  it('returns refusals for a wrong MIME type and an oversize image', async () => {
    const text = new Blob(['hello'], { type: 'text/plain' });
    const wrongType = await admin.storage
      .from('lesson-audio')
      .upload('l1/notes.txt', text, { contentType: 'text/plain' });
    expect(wrongType.error).not.toBeNull();
    const image = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    const tooBig = await admin.storage
      .from('lesson-images')
      .upload('l1/huge.png', image, { contentType: 'image/png' });
    expect(tooBig.error).not.toBeNull();
  });

  it('returns admin deletes from every bucket', async () => {
    for (const bucket of BUCKETS) {
      const { error } = await admin.storage.from(bucket).remove([FILES[bucket].name]);
      expect(error).toBeNull();
      const after = await admin.storage.from(bucket).list(L1);
      expect(after.data).toHaveLength(0);
    }
  });
});
