import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../test/support/backend.ts';
import { startBackendProcess } from '../../../../test/support/backend.ts';
import { writeLessonsRoot } from '../../../../test/support/lessons.ts';
import type { PublishItem, PublishRequest } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { AUDIO_BUCKET, publishLessons } from './publish.ts';

const ADMIN = { email: 'studio-admin@magyarul.local', password: 'studio-admin-pw' };
const quiet = { log: () => undefined };

async function makeAdmin(backend: Backend): Promise<void> {
  const service = createClient(backend.url, backend.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await service.auth.admin.createUser({ ...ADMIN, email_confirm: true });
  if (error) throw error;
  const role = await service
    .from('user_roles')
    .upsert({ user_id: data.user.id, role: 'admin' }, { onConflict: 'user_id' });
  if (role.error) throw role.error;
}

describe('publishLessons against the embedded backend', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-'));
  const dataDir = join(base, 'backend');
  let backend: Backend;
  let store: DraftsStore;
  let lessonIds: number[];
  const request = (status: 'draft' | 'published' = 'draft'): PublishRequest => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...ADMIN,
    lessonIds,
    status,
  });
  const service = (): SupabaseClient =>
    createClient(backend.url, backend.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });

  beforeAll(async () => {
    writeLessonsRoot(join(base, 'lessons'));
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(join(base, 'lessons'), store);
    lessonIds = store.lessons.list().map((l) => l.id);
    backend = await startBackendProcess(dataDir);
    await makeAdmin(backend);
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns failed items when the backend dies mid-publish, then finishes on the next run with one copy of everything', async () => {
    let uploads = 0;
    let killing: Promise<void> | null = null;
    const first = await publishLessons(store, request(), {
      ...quiet,
      onProgress: ({ item }) => {
        if (item.state === 'uploaded' && ++uploads === 3) killing = backend.kill();
      },
    });
    await killing;
    expect(uploads).toBe(3);
    expect(first.failed).toBeGreaterThan(0);

    backend = await startBackendProcess(dataDir, backend.port);
    const progress: PublishItem[] = [];
    const second = await publishLessons(store, request(), {
      ...quiet,
      onProgress: ({ item }) => progress.push(item),
    });
    expect(second.failed).toBe(0);
    expect(progress.filter((i) => i.state === 'unchanged').length).toBeGreaterThanOrEqual(3);

    const db = service();
    for (const summary of store.lessons.list()) {
      const draft = store.getDraft(summary.id);
      const remoteId = summary.remoteId ?? '';
      expect(summary.publishState).toBe('draft');
      const lessons = await db
        .from('lessons')
        .select('id, title, is_published, audio_url')
        .eq('title', summary.title);
      expect(lessons.data).toEqual([
        expect.objectContaining({ id: remoteId, is_published: false }),
      ]);
      const lines = await db
        .from('lesson_transcript')
        .select('line_number, text_content')
        .eq('lesson_id', remoteId)
        .order('line_number');
      expect(lines.data?.map((l) => l.text_content)).toEqual(draft?.lines.map((l) => l.text));
      const words = await db
        .from('lesson_vocabulary')
        .select('word_hu, audio_file_path')
        .eq('lesson_id', remoteId);
      expect(words.data?.map((w) => w.word_hu).sort()).toEqual(
        draft?.words.map((w) => w.wordHu).sort(),
      );
      const matched = draft?.words.filter((w) => w.audioFile !== null) ?? [];
      const vocabulary = await db.storage.from(AUDIO_BUCKET).list(`lessons/${remoteId}/vocabulary`);
      // Objects are named by content hash: two words with byte-identical recordings share one.
      const hashes = new Set(
        matched.map((w) => store.media.audioFile(summary.id, w.audioFile ?? '')?.content_hash),
      );
      expect(vocabulary.data?.length ?? 0).toBe(hashes.size);
      const dialogue = await db.storage.from(AUDIO_BUCKET).list(`lessons/${remoteId}/dialogue`);
      expect(dialogue.data?.length ?? 0).toBe(draft?.dialogueFile ? 1 : 0);
      for (const word of words.data ?? []) {
        if (word.audio_file_path === null) continue;
        const file = matched.find((w) => w.wordHu === word.word_hu)?.audioFile ?? '';
        const blob = await db.storage.from(AUDIO_BUCKET).download(word.audio_file_path);
        expect(Buffer.from(await (blob.data as Blob).arrayBuffer())).toEqual(
          readFileSync(join(summary.folder, file)),
        );
      }
    }
    const all = await db.from('lessons').select('id');
    expect(all.data).toHaveLength(3);
  }, 180_000);

  it('returns every item unchanged on a third run and only the lesson rows sent when publishing', async () => {
    const again = await publishLessons(store, request(), { ...quiet, onProgress: () => undefined });
    expect(again.items.every((i) => i.state === 'unchanged')).toBe(true);
    const live = await publishLessons(store, request('published'), {
      ...quiet,
      onProgress: () => undefined,
    });
    expect(live.items.filter((i) => i.state === 'uploaded').map((i) => i.item)).toEqual([
      'lesson',
      'lesson',
      'lesson',
    ]);
    const rows = await service().from('lessons').select('is_published');
    expect(rows.data?.every((r) => r.is_published)).toBe(true);
    expect(store.lessons.list().every((l) => l.publishState === 'published')).toBe(true);
  }, 120_000);

  it('returns changed line times sent again as the transcript only', async () => {
    const [lesson] = store.lessons.list();
    const [line] = store.lines.listForLesson(lesson?.id ?? 0);
    store.lines.setTimes(lesson?.id ?? 0, [{ id: line?.id ?? 0, startTime: 0.3, endTime: 1.2 }]);
    const report = await publishLessons(
      store,
      { ...request('published'), lessonIds: [lesson?.id ?? 0] },
      { ...quiet, onProgress: () => undefined },
    );
    expect(report.items.filter((i) => i.state === 'uploaded').map((i) => i.item)).toEqual([
      'transcript',
    ]);
    const row = await service()
      .from('lesson_transcript')
      .select('start_time, end_time')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('line_number', 1);
    expect(row.data).toEqual([{ start_time: 0.3, end_time: 1.2 }]);
  }, 60_000);

  it('rejects a wrong password before sending anything', async () => {
    await expect(
      publishLessons(
        store,
        { ...request(), password: 'wrong' },
        { ...quiet, onProgress: () => undefined },
      ),
    ).rejects.toMatchObject({ code: 'sign-in-failed' });
  });
});
