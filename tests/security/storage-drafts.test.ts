import {
  LESSON_DRAFTS_BUCKET,
  draftObjectName,
  keepFilesPrivate,
  publishFiles,
  withdrawFiles,
  type LessonFilesStore,
} from '@magyarul/core/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  callFunction,
  startSecurityServer,
  type Db,
  type Learner,
  type SecurityServer,
} from './progress-fixture.ts';

// Finding (issue 27): a draft lesson's audio in the public lesson-audio bucket was listed and
// downloaded by anon. Closing listing (migration 20261127150100) was not enough: a public
// bucket's /object/public/… is served without RLS, on hosted Supabase as here, to anyone with
// the exact URL. Now a lesson's audio and images are uploaded to the private bucket
// lesson-drafts (under `<public bucket>/<name>`), admins read them by signed URL or
// authenticated download, and publishing copies them into the public bucket (core's
// lesson-publication steps, which the web admin and the studio both run; the database refuses
// to publish a lesson whose files are still only private). Sending a lesson back to draft keeps
// a private copy and removes the public one. DESIGN.md §13.

const AUDIO = 'lesson-audio';
const DOCUMENTS = 'lesson-documents';
const MP3 = new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]);

/** The steps' storage calls on a client (what web/src/admin/lesson-files.ts does). */
function filesStore(db: Db, failCopiesAfter = Infinity): LessonFilesStore {
  let copies = 0;
  return {
    async files(lessonId) {
      const { data, error } = await db.rpc('lesson_storage_files', { _lesson_id: lessonId });
      if (error) throw new Error(error.message);
      return data;
    },
    async copy(from, to) {
      if (copies++ >= failCopiesAfter) throw new Error('the connection dropped');
      const { error } = await db.storage
        .from(from.bucket)
        .copy(from.name, to.name, { destinationBucket: to.bucket });
      if (error && !/already exists/i.test(error.message)) throw new Error(error.message);
    },
    async remove(bucket, names) {
      const { error } = await db.storage.from(bucket).remove([...names]);
      if (error) throw new Error(error.message);
    },
  };
}

async function setPublished(db: Db, lessonId: string, published: boolean): Promise<void> {
  const { error } = await db.from('lessons').update({ is_published: published }).eq('id', lessonId);
  if (error) throw new Error(error.message);
}

/** Publishing as the web admin and the studio do it. */
async function publish(db: Db, lessonId: string): Promise<void> {
  await publishFiles(filesStore(db), lessonId);
  await setPublished(db, lessonId, true);
}

async function unpublish(db: Db, lessonId: string): Promise<void> {
  const store = filesStore(db);
  await keepFilesPrivate(store, lessonId);
  await setPublished(db, lessonId, false);
  await withdrawFiles(store, lessonId);
}

describe.each(BACKENDS)('a draft lesson’s files (%s)', (backend) => {
  let server: SecurityServer;
  let learner: Learner;
  let admin: Learner;
  let lessonId: string;
  let paths: string[];

  const publicUrl = (path: string, bucket = AUDIO) =>
    server.anon.storage.from(bucket).getPublicUrl(path).data.publicUrl;
  const status = async (url: string) => (await fetch(url)).status;
  const adminReads = async (path: string) => {
    const signed = await admin.db.storage
      .from(LESSON_DRAFTS_BUCKET)
      .createSignedUrl(draftObjectName(AUDIO, path), 60);
    expect(signed.error, path).toBeNull();
    const res = await fetch(signed.data?.signedUrl ?? '');
    expect(res.status, path).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer()), path).toEqual(MP3);
  };

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    learner = await server.signUp('learner');
    admin = await server.signUp('admin', { admin: true });
    const created = await admin.db
      .from('lessons')
      .insert({ lesson_number: 950, title: 'Titkos lecke', is_published: false })
      .select('id')
      .single();
    if (created.error) throw created.error;
    lessonId = created.data.id;
    // Where the web admin (dialogue, a word) and the studio put a lesson's audio.
    const web = `${lessonId}/1764255600000-dialogue.mp3`;
    const word = `${lessonId}/words/1764255600001-szia.mp3`;
    const studio = `lessons/${lessonId}/dialogue/0123456789abcdef0123456789abcdef.mp3`;
    paths = [web, word, studio];
    for (const path of paths) {
      const up = await admin.db.storage
        .from(LESSON_DRAFTS_BUCKET)
        .upload(draftObjectName(AUDIO, path), new Blob([MP3], { type: 'audio/mpeg' }), {
          contentType: 'audio/mpeg',
        });
      if (up.error) throw up.error;
    }
    const csv = await admin.db.storage
      .from(DOCUMENTS)
      .upload(
        `${lessonId}/words.csv`,
        new Blob(['word,meaning\nszia,hi\n'], { type: 'text/csv' }),
        {
          contentType: 'text/csv',
        },
      );
    if (csv.error) throw csv.error;
    const named = await admin.db
      .from('lessons')
      .update({ audio_url: publicUrl(studio), slow_audio_url: web })
      .eq('id', lessonId);
    if (named.error) throw named.error;
    const vocabulary = await admin.db
      .from('lesson_vocabulary')
      .insert({ lesson_id: lessonId, word_hu: 'szia', word_en: 'hi', audio_file_path: word });
    if (vocabulary.error) throw vocabulary.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps them from anon and a learner: no public URL, no download, no listing, no signing', async () => {
    for (const path of paths) {
      expect(await status(publicUrl(path)), path).not.toBe(200);
      expect(await status(publicUrl(draftObjectName(AUDIO, path), LESSON_DRAFTS_BUCKET))).not.toBe(
        200,
      );
    }
    expect(await status(publicUrl(`${lessonId}/words.csv`, DOCUMENTS))).not.toBe(200);
    for (const db of [server.anon, learner.db]) {
      for (const path of paths) {
        const drafts = db.storage.from(LESSON_DRAFTS_BUCKET);
        expect((await drafts.download(draftObjectName(AUDIO, path))).error, path).not.toBeNull();
        expect((await db.storage.from(AUDIO).download(path)).error, path).not.toBeNull();
        const signed = await drafts.createSignedUrl(draftObjectName(AUDIO, path), 60);
        expect(signed.error, path).not.toBeNull();
      }
      for (const folder of [`${AUDIO}/${lessonId}`, `${AUDIO}/lessons/${lessonId}/dialogue`]) {
        const listed = await db.storage.from(LESSON_DRAFTS_BUCKET).list(folder);
        expect(listed.data ?? [], folder).toEqual([]);
      }
      expect((await db.storage.from(DOCUMENTS).download(`${lessonId}/words.csv`)).error).not.toBe(
        null,
      );
      // Nor does the learner's side learn that the lesson exists.
      expect((await db.from('lessons').select('id').eq('id', lessonId)).data).toEqual([]);
      const rpc = await db.rpc('lesson_storage_files', { _lesson_id: lessonId });
      expect(rpc.error?.code).toBe('42501');
    }
  });

  it('lets the admin read them by signed URL and download', async () => {
    for (const path of paths) await adminReads(path);
    const csv = await admin.db.storage.from(DOCUMENTS).download(`${lessonId}/words.csv`);
    expect(csv.error).toBeNull();
  });

  it('refuses to publish the lesson while its files are only private', async () => {
    const flag = await admin.db.from('lessons').update({ is_published: true }).eq('id', lessonId);
    expect(flag.error?.message).toMatch(/the lesson's files are not published yet/);
    const row = await server.service.from('lessons').select('is_published').eq('id', lessonId);
    expect(row.data).toEqual([{ is_published: false }]);
  });

  it('leaves a draft the admin reads whole when publishing fails half-way, and finishes on the next try', async () => {
    await expect(publishFiles(filesStore(admin.db, 1), lessonId)).rejects.toThrow(/dropped/);
    const flag = await admin.db.from('lessons').update({ is_published: true }).eq('id', lessonId);
    expect(flag.error).not.toBeNull();
    for (const path of paths) await adminReads(path);
    await publish(admin.db, lessonId);
    const row = await server.service.from('lessons').select('is_published').eq('id', lessonId);
    expect(row.data).toEqual([{ is_published: true }]);
  });

  it('serves them by their public URL once published, and stops when the lesson is a draft again', async () => {
    const row = await server.anon.from('lessons').select('audio_url').eq('id', lessonId).single();
    expect(row.data?.audio_url).toBe(publicUrl(paths[2] ?? ''));
    for (const path of paths) {
      const res = await fetch(publicUrl(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('audio/mpeg');
      expect((await learner.db.storage.from(AUDIO).download(path)).error, path).toBeNull();
    }
    await unpublish(admin.db, lessonId);
    for (const path of paths) {
      expect(await status(publicUrl(path)), path).not.toBe(200);
      expect((await learner.db.storage.from(AUDIO).download(path)).error, path).not.toBeNull();
      await adminReads(path);
    }
  });

  it('keeps the seed’s published lessons public, and a seed lesson sent back to draft loses nothing', async () => {
    const lessons = await server.anon
      .from('lessons')
      .select('id, audio_url')
      .not('audio_url', 'is', null);
    expect(lessons.data?.length).toBeGreaterThanOrEqual(10);
    const url = (stored: string) => (/^https?:/.test(stored) ? stored : publicUrl(stored));
    for (const { audio_url: stored } of lessons.data ?? []) {
      expect((await fetch(url(stored ?? ''), { method: 'HEAD' })).status, stored ?? '').toBe(200);
    }
    const first = lessons.data?.[0];
    if (!first?.audio_url) throw new Error('the seed has a lesson with audio');
    const audio = url(first.audio_url);
    await unpublish(admin.db, first.id);
    expect(await status(audio)).not.toBe(200);
    const files = await admin.db.rpc('lesson_storage_files', { _lesson_id: first.id });
    expect(files.data?.length).toBeGreaterThan(0);
    expect(files.data?.every((file) => file.in_drafts)).toBe(true);
    // A recording another published lesson plays too stays public.
    expect(files.data?.filter((file) => file.in_public).every((file) => file.shared)).toBe(true);
    await publish(admin.db, first.id);
    expect(await status(audio)).toBe(200);
  });
  it('keeps a generated image of a draft private until its lesson is published', async () => {
    const generated = await callFunction(
      server,
      'generate-lesson-image',
      { lessonTitle: `Titkos kép ${backend}`, lessonLevel: 'beginner' },
      admin.token,
    );
    expect(generated.status).toBe(200);
    const { imageUrl, draftBucket, draftPath } = generated.body as {
      imageUrl: string;
      draftBucket: string;
      draftPath: string;
    };
    const created = await admin.db
      .from('lessons')
      .insert({ lesson_number: 951, title: 'Titkos kép', is_published: false, image_url: imageUrl })
      .select('id')
      .single();
    if (created.error) throw created.error;
    const pictured = created.data.id;
    // The title's picture is not readable by its public address, nor downloadable, by anon or
    // a learner; the admin reads it.
    expect(await status(imageUrl)).not.toBe(200);
    for (const db of [server.anon, learner.db]) {
      expect((await db.storage.from(draftBucket).download(draftPath)).error).not.toBeNull();
    }
    expect((await admin.db.storage.from(draftBucket).download(draftPath)).error).toBeNull();
    await publish(admin.db, pictured);
    expect(await status(imageUrl)).toBe(200);
    await unpublish(admin.db, pictured);
    expect(await status(imageUrl)).not.toBe(200);
    expect((await admin.db.storage.from(draftBucket).download(draftPath)).error).toBeNull();
  });
});
