import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../test/support/backend.ts';
import {
  createAccount,
  serviceClient,
  startBackendProcess,
} from '../../../../test/support/backend.ts';
import { writeAudio } from '../../../../test/support/audio.ts';
import { writeLessonsRoot } from '../../../../test/support/lessons.ts';
import { timeAllLines } from '../../../../test/support/timing.ts';
import type { PublishItem, PublishRequest } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { LESSON_DRAFTS_BUCKET, draftObjectName } from '@magyarul/core/files';
import { AUDIO_BUCKET, publishLessons } from './publish.ts';

const ADMIN = { email: 'studio-admin@magyarul.local', password: 'studio-admin-pw' };
const quiet = { log: () => undefined };

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
    allowInsecure: false,
    lessonIds,
    status,
    // The fixtures lack translations and one word's audio: warnings, accepted here.
    acceptWarnings: true,
    // "As draft" takes lessons off the site only when the author confirms it.
    confirmUnpublish: status === 'draft',
    choices: [],
  });
  const sent = (items: readonly PublishItem[]) =>
    items.filter((i) => i.state === 'uploaded').map((i) => i.item);
  const service = () => serviceClient(backend);

  beforeAll(async () => {
    writeLessonsRoot(join(base, 'lessons'));
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(join(base, 'lessons'), store);
    lessonIds = store.lessons.list().map((l) => l.id);
    // Fixture lessons are numbered from 901 (the seed's numbers are the course's), and timed.
    for (const [index, id] of lessonIds.entries()) {
      store.lessons.update(id, { lessonNumber: 901 + index });
      timeAllLines(store, id);
    }
    backend = await startBackendProcess(dataDir);
    await createAccount(backend, ADMIN, true);
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
    // 03 Üres has no audio and no lines: blocked by its checks, nothing of it sent.
    expect(first.items.filter((i) => i.state === 'blocked')).toEqual([
      expect.objectContaining({ lesson: 'Lesson 903 “Üres”', item: 'checks' }),
    ]);

    backend = await startBackendProcess(dataDir, backend.port);
    const progress: PublishItem[] = [];
    const second = await publishLessons(store, request(), {
      ...quiet,
      onProgress: ({ item }) => progress.push(item),
    });
    expect(second.failed).toBe(0);
    expect(second.blocked).toBe(1);
    expect(progress.filter((i) => i.state === 'unchanged').length).toBeGreaterThanOrEqual(3);

    const db = service();
    for (const summary of store.lessons.list().filter((l) => l.title !== 'Üres')) {
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
        .select('line_number, text_content, start_time, end_time')
        .eq('lesson_id', remoteId)
        .order('line_number');
      expect(lines.data?.map((l) => [l.text_content, l.start_time, l.end_time])).toEqual(
        draft?.lines.map((l) => [l.text, l.startTime, l.endTime]),
      );
      const words = await db
        .from('lesson_vocabulary')
        .select('word_hu, audio_file_path')
        .eq('lesson_id', remoteId);
      expect(words.data?.map((w) => w.word_hu).sort()).toEqual(
        draft?.words.map((w) => w.wordHu).sort(),
      );
      const matched = draft?.words.filter((w) => w.audioFile !== null) ?? [];
      // A draft's recordings are in the private lesson-drafts bucket only (DESIGN.md §13).
      const drafts = db.storage.from(LESSON_DRAFTS_BUCKET);
      const vocabulary = await drafts.list(`${AUDIO_BUCKET}/lessons/${remoteId}/vocabulary`);
      // Objects are named by content hash: two words with byte-identical recordings share one.
      const hashes = new Set(
        matched.map((w) => store.media.audioFile(summary.id, w.audioFile ?? '')?.content_hash),
      );
      expect(vocabulary.data?.length ?? 0).toBe(hashes.size);
      const dialogue = await drafts.list(`${AUDIO_BUCKET}/lessons/${remoteId}/dialogue`);
      expect(dialogue.data?.length ?? 0).toBe(draft?.dialogueFile ? 1 : 0);
      const listedPublic = await db.storage.from(AUDIO_BUCKET).list(`lessons/${remoteId}/dialogue`);
      expect(listedPublic.data ?? []).toEqual([]);
      if (lessons.data?.[0]?.audio_url) {
        expect((await fetch(lessons.data[0].audio_url)).status).not.toBe(200);
      }
      for (const word of words.data ?? []) {
        if (word.audio_file_path === null) continue;
        const file = matched.find((w) => w.wordHu === word.word_hu)?.audioFile ?? '';
        const blob = await drafts.download(
          draftObjectName(
            AUDIO_BUCKET,
            word.audio_file_path.split(`/public/${AUDIO_BUCKET}/`).pop() ?? '',
          ),
        );
        expect(Buffer.from(await (blob.data as Blob).arrayBuffer())).toEqual(
          readFileSync(join(summary.folder, file)),
        );
      }
    }
    const all = await db.from('lessons').select('id');
    expect(all.data).toHaveLength(2);
    const emptyLesson = store.lessons.list().find((l) => l.title === 'Üres');
    expect(emptyLesson).toMatchObject({ remoteId: null, publishState: 'never' });
  }, 180_000);

  it('returns every item unchanged on a third run and only the lesson rows sent when publishing', async () => {
    const again = await publishLessons(store, request(), { ...quiet, onProgress: () => undefined });
    expect(again.items.every((i) => i.state === 'unchanged' || i.state === 'blocked')).toBe(true);
    const live = await publishLessons(store, request('published'), {
      ...quiet,
      onProgress: () => undefined,
    });
    // Going live copies each lesson's recordings to the public bucket, then sends its row.
    expect(sent(live.items)).toEqual(['public audio', 'lesson', 'public audio', 'lesson']);
    const rows = await service().from('lessons').select('is_published, audio_url');
    expect(rows.data?.every((r) => r.is_published)).toBe(true);
    for (const { audio_url: url } of rows.data ?? []) {
      if (url) expect((await fetch(url)).status, url).toBe(200);
    }
    expect(
      store.lessons
        .list()
        .filter((l) => l.title !== 'Üres')
        .every((l) => l.publishState === 'published' && !l.changedSincePublish),
    ).toBe(true);
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
    expect(sent(report.items)).toEqual(['transcript']);
    const row = await service()
      .from('lesson_transcript')
      .select('start_time, end_time')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('line_number', 1);
    expect(row.data).toEqual([{ start_time: 0.3, end_time: 1.2 }]);
  }, 60_000);

  it('returns a changed translation sent again (transcript only), an unchanged one not, and missing ones as null', async () => {
    const [lesson] = store.lessons.list();
    const id = lesson?.id ?? 0;
    const [line] = store.lines.listForLesson(id);
    const only = { ...request('published'), lessonIds: [id] };
    const noisy = { ...quiet, onProgress: () => undefined };
    store.lines.update(line?.id ?? 0, { translationDe: 'Hallo, Bence!' });
    expect(store.lessons.summary(id)?.changedSincePublish).toBe(true);
    expect(sent((await publishLessons(store, only, noisy)).items)).toEqual(['transcript']);
    expect(store.lessons.summary(id)?.changedSincePublish).toBe(false);
    expect(sent((await publishLessons(store, only, noisy)).items)).toEqual([]);
    const [word] = store.words.listForLesson(id);
    store.words.update(word?.id ?? 0, { wordEs: 'hola' });
    expect(sent((await publishLessons(store, only, noisy)).items)).toEqual(['vocabulary']);
    const db = service();
    const lines = await db
      .from('lesson_transcript')
      .select('translation_en, translation_de, translation_es')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('line_number', 1);
    expect(lines.data).toEqual([
      { translation_en: null, translation_de: 'Hallo, Bence!', translation_es: null },
    ]);
    const words = await db
      .from('lesson_vocabulary')
      .select('word_hu, word_de, word_es')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('word_hu', word?.wordHu ?? '');
    expect(words.data).toEqual([{ word_hu: word?.wordHu, word_de: null, word_es: 'hola' }]);
  }, 60_000);

  it('returns a lesson with an untimed line blocked, and one with warnings blocked unless published anyway', async () => {
    const [lesson] = store.lessons.list();
    const id = lesson?.id ?? 0;
    const [line] = store.lines.listForLesson(id);
    const before = await service()
      .from('lesson_transcript')
      .select('start_time')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('line_number', 1);
    store.lines.update(line?.id ?? 0, { startTime: null });
    const noisy = { ...quiet, onProgress: () => undefined };
    const blocked = await publishLessons(store, { ...request(), lessonIds: [id] }, noisy);
    expect(blocked.items).toEqual([
      expect.objectContaining({
        item: 'checks',
        state: 'blocked',
        message: 'Not sent: the checks found 1 error. Fix them and publish again.',
      }),
    ]);
    const after = await service()
      .from('lesson_transcript')
      .select('start_time')
      .eq('lesson_id', lesson?.remoteId ?? '')
      .eq('line_number', 1);
    expect(after.data).toEqual(before.data);
    store.lines.update(line?.id ?? 0, { startTime: 0.3 });
    const careful = await publishLessons(
      store,
      { ...request('published'), lessonIds: [id], acceptWarnings: false },
      noisy,
    );
    expect(careful.items).toEqual([
      expect.objectContaining({
        state: 'blocked',
        message: expect.stringMatching(/Publish anyway/),
      }),
    ]);
  }, 60_000);

  it('returns a re-recorded dialogue and a dropped word recording replaced only once the rows point at the new files, also when the backend dies in between', async () => {
    const lesson = store.lessons.list().find((l) => l.title === 'Köszönés');
    const id = lesson?.id ?? 0;
    const remoteId = lesson?.remoteId ?? '';
    const only = { ...request('published'), lessonIds: [id] };
    const db = () => service();
    const pathOf = (url: string | null) => (url ?? '').split(`/public/${AUDIO_BUCKET}/`)[1] ?? '';
    const stored = async (path: string) =>
      (await db().storage.from(AUDIO_BUCKET).download(path)).data !== null;
    const rows = async () => {
      const row = await db().from('lessons').select('audio_url').eq('id', remoteId).single();
      const words = await db()
        .from('lesson_vocabulary')
        .select('word_hu, audio_file_path')
        .eq('lesson_id', remoteId);
      const word = words.data?.find((w) => w.word_hu === 'jó reggelt');
      return { dialogue: pathOf(row.data?.audio_url ?? null), word: word?.audio_file_path ?? null };
    };
    const before = await rows();
    expect(await stored(before.dialogue)).toBe(true);
    expect(await stored(before.word ?? '')).toBe(true);

    // The author re-records the dialogue (same length, another voice) and drops the recording of
    // "jó reggelt" (the only .wav: no other word shares its object, which is named by content).
    const folder = lesson?.folder ?? '';
    writeAudio(join(folder, 'dialogue.mp3'), 6, { on: 1.4, off: 0.6, frequency: 440 });
    rmSync(join(folder, 'words', 'Jó Reggelt.wav'));
    await importRoot(join(base, 'lessons'), store);

    // The backend dies right after the new dialogue reached it, before any row points there.
    let killing: Promise<void> | null = null;
    const cut = await publishLessons(store, only, {
      ...quiet,
      onProgress: ({ item }) => {
        if (item.item === 'audio:dialogue.mp3' && item.state === 'uploaded') {
          killing = backend.kill();
        }
      },
    });
    await killing;
    expect(killing).not.toBeNull();
    expect(cut.failed).toBeGreaterThan(0);
    backend = await startBackendProcess(dataDir, backend.port);
    // The live lesson still plays what it had: its rows and their files are untouched.
    expect(await rows()).toEqual(before);
    expect(await stored(before.dialogue)).toBe(true);
    expect(await stored(before.word ?? '')).toBe(true);

    const done = await publishLessons(store, only, { ...quiet, onProgress: () => undefined });
    expect(done.failed).toBe(0);
    expect(done.items.find((i) => i.item === 'old audio')?.state).toBe('removed');
    const after = await rows();
    expect(after.word).toBeNull();
    expect(after.dialogue).not.toBe(before.dialogue);
    const blob = await db().storage.from(AUDIO_BUCKET).download(after.dialogue);
    expect(Buffer.from(await (blob.data as Blob).arrayBuffer())).toEqual(
      readFileSync(join(folder, 'dialogue.mp3')),
    );
    expect(await stored(before.dialogue)).toBe(false);
    expect(await stored(before.word ?? '')).toBe(false);
    const dialogue = await db().storage.from(AUDIO_BUCKET).list(`lessons/${remoteId}/dialogue`);
    expect(dialogue.data?.map((o) => `lessons/${remoteId}/dialogue/${o.name}`)).toEqual([
      after.dialogue,
    ]);
    // Nothing left to remove on the next run.
    const again = await publishLessons(store, only, { ...quiet, onProgress: () => undefined });
    expect(again.items.find((i) => i.item === 'old audio')?.state).toBe('unchanged');
  }, 180_000);

  it('rejects a wrong password before sending anything', async () => {
    await expect(
      publishLessons(
        store,
        { ...request(), password: 'wrong' },
        { ...quiet, onProgress: () => undefined },
      ),
    ).rejects.toMatchObject({ code: 'sign-in-failed', message: /^Sign-in failed: / });
  });
});
