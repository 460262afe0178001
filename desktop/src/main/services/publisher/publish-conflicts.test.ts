import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../test/support/backend.ts';
import {
  createAccount,
  serviceClient,
  startBackendProcess,
} from '../../../../test/support/backend.ts';
import { writeCleanLesson } from '../../../../test/support/lessons.ts';
import { timeAllLines } from '../../../../test/support/timing.ts';
import type { PublishItem, PublishRequest } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { AUDIO_BUCKET, checkBeforePublish, publishLessons } from './publish.ts';
import { isInsecureTarget, rememberedTarget } from './session.ts';

const ADMIN = { email: 'conflict-admin@magyarul.local', password: 'conflict-admin-pw-1' };
const LEARNER = { email: 'conflict-learner@magyarul.local', password: 'conflict-learner-pw-1' };

describe('publishing over lessons the server already has', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-conflicts-'));
  let backend: Backend;
  let store: DraftsStore;
  const logged: Record<string, unknown>[] = [];
  const deps = {
    log: (_m: string, c: Record<string, unknown>) => logged.push(c),
    onProgress: () => undefined,
  };
  const byTitle = (title: string) => store.lessons.list().find((l) => l.title === title)?.id ?? 0;
  const service = () => serviceClient(backend);
  const request = (lessonIds: number[], account = ADMIN): PublishRequest => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...account,
    allowInsecure: false,
    lessonIds,
    status: 'draft',
    acceptWarnings: false,
    confirmUnpublish: false,
    choices: [],
  });
  const objectsUnder = async (prefix: string) => {
    const listed = await service().storage.from(AUDIO_BUCKET).list(prefix, { limit: 1000 });
    return listed.data?.length ?? 0;
  };

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '905 Posta', 3);
    writeCleanLesson(root, '906 Bolt', 2);
    writeCleanLesson(root, '907 Vonat', 2);
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(root, store);
    for (const lesson of store.lessons.list()) timeAllLines(store, lesson.id);
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    await createAccount(backend, LEARNER, false);
    const db = service();
    // Lessons 905 and 906 exist on the server already, made in the web admin (random row ids).
    for (const [number, title] of [
      [905, 'Posta (web)'],
      [906, 'Bolt (web)'],
    ] as const) {
      const lesson = await db
        .from('lessons')
        .insert({ lesson_number: number, title })
        .select('id')
        .single();
      if (lesson.error) throw lesson.error;
      const lines = await db.from('lesson_transcript').insert(
        [1, 2, 3, 4].map((n) => ({
          lesson_id: lesson.data.id,
          line_number: n,
          speaker: 'narrator',
          text_content: `Web line ${n}`,
          start_time: n * 5,
          end_time: n * 5 + 4,
        })),
      );
      if (lines.error) throw lines.error;
      const words = await db
        .from('lesson_vocabulary')
        .insert([{ lesson_id: lesson.data.id, word_hu: 'nap', word_en: 'sun' }]);
      if (words.error) throw words.error;
    }
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses a non-admin account first, with a clear message, and sends nothing', async () => {
    await expect(
      publishLessons(store, request([byTitle('Vonat')], LEARNER), deps),
    ).rejects.toMatchObject({
      code: 'not-admin',
      message: `The account ${LEARNER.email} is not an admin on this server; only admins can publish lessons.`,
    });
    const lessons = await service().from('lessons').select('lesson_number');
    expect(lessons.data?.map((l) => l.lesson_number).sort()).toEqual([905, 906]);
  });

  it('refuses to send the password over plain http to another machine unless told to', async () => {
    await expect(
      checkBeforePublish(store, {
        ...request([byTitle('Vonat')]),
        url: 'http://studio-server.invalid:54321',
      }),
    ).rejects.toMatchObject({ code: 'insecure-password' });
    expect(
      ['http://10.1.2.3', 'http://magyarul.example', 'http://[2001:db8::1]'].map(isInsecureTarget),
    ).toEqual([true, true, true]);
    expect(
      [
        'https://magyarul.example',
        'http://localhost:54321',
        'http://127.0.0.2',
        'http://[::1]:9',
      ].map(isInsecureTarget),
    ).toEqual([false, false, false, false]);
  });

  it('returns the server, key and e-mail remembered, and the password nowhere in the drafts file', async () => {
    await checkBeforePublish(store, request([byTitle('Vonat')]));
    expect(rememberedTarget(store.settings)).toEqual({
      url: backend.url,
      anonKey: backend.anonKey,
      email: ADMIN.email,
    });
    store.db.run('PRAGMA wal_checkpoint(TRUNCATE)');
    const bytes = readFileSync(store.db.file).toString('latin1');
    expect(bytes).toContain(ADMIN.email);
    expect(bytes).not.toContain(ADMIN.password);
    expect(bytes).not.toContain(LEARNER.password);
  });

  it('returns the conflicts before sending, and blocks a conflicting lesson with nothing uploaded', async () => {
    const ids = [byTitle('Posta'), byTitle('Bolt'), byTitle('Vonat')];
    const report = await checkBeforePublish(store, request(ids));
    expect(report.lessons.map((l) => [l.label, l.conflict?.title ?? null, l.issues])).toEqual([
      ['Lesson 905 “Posta”', 'Posta (web)', []],
      ['Lesson 906 “Bolt”', 'Bolt (web)', []],
      ['Lesson 907 “Vonat”', null, []],
    ]);
    expect(report.takenNumbers).toEqual([905, 906]);
    const before = await service().from('lessons').select('id');
    const result = await publishLessons(store, request(ids.slice(0, 2)), deps);
    expect(result.items.map((i) => [i.lesson, i.state, i.message])).toEqual([
      [
        'Lesson 905 “Posta”',
        'blocked',
        'Not sent: lesson number 905 is already “Posta (web)” on the server. Update that lesson in place or pick a new number.',
      ],
      [
        'Lesson 906 “Bolt”',
        'blocked',
        'Not sent: lesson number 906 is already “Bolt (web)” on the server. Update that lesson in place or pick a new number.',
      ],
    ]);
    expect(await objectsUnder('lessons')).toBe(0);
    expect((await service().from('lessons').select('id')).data).toEqual(before.data);
    expect(logged).toContainEqual(expect.objectContaining({ lesson: 'Lesson 905 “Posta”' }));
  });

  it('returns the server lesson updated in place (same id, its rows replaced, no duplicates), remembered for the next publish', async () => {
    const id = byTitle('Posta');
    const report = await checkBeforePublish(store, request([id]));
    const remoteId = report.lessons[0]?.conflict?.remoteId ?? '';
    store.lessons.adoptRemote(id, remoteId);
    expect((await checkBeforePublish(store, request([id]))).lessons[0]?.conflict).toBeNull();
    const first = await publishLessons(store, request([id]), deps);
    expect(first.failed + first.blocked).toBe(0);
    const db = service();
    const lesson = await db.from('lessons').select('id, title').eq('lesson_number', 905);
    expect(lesson.data).toEqual([{ id: remoteId, title: 'Posta' }]);
    const lines = await db
      .from('lesson_transcript')
      .select('line_number, text_content, translation_de')
      .eq('lesson_id', remoteId)
      .order('line_number');
    expect(lines.data).toEqual(
      store.lines.listForLesson(id).map((l) => ({
        line_number: l.lineNumber,
        text_content: l.text,
        translation_de: l.translationDe,
      })),
    );
    const words = await db
      .from('lesson_vocabulary')
      .select('word_hu, word_en')
      .eq('lesson_id', remoteId);
    expect(words.data?.sort((a, b) => a.word_hu.localeCompare(b.word_hu))).toEqual([
      { word_hu: 'jó', word_en: 'good' },
      { word_hu: 'nap', word_en: 'day' },
    ]);
    const again = await publishLessons(store, request([id]), deps);
    expect(again.items.every((i: PublishItem) => i.state === 'unchanged')).toBe(true);
    expect(store.lessons.summary(id)?.remoteId).toBe(remoteId);
  });

  it('returns a new server lesson after picking a free number, the other lesson untouched', async () => {
    const id = byTitle('Bolt');
    const { takenNumbers } = await checkBeforePublish(store, request([id]));
    // A number neither the server nor another fixture lesson uses (907 is Vonat's).
    let free = 910;
    while (takenNumbers.includes(free)) free++;
    store.lessons.update(id, { lessonNumber: free });
    const result = await publishLessons(store, request([id]), deps);
    expect(result.failed + result.blocked).toBe(0);
    const db = service();
    const web = await db.from('lessons').select('title').eq('lesson_number', 906);
    expect(web.data).toEqual([{ title: 'Bolt (web)' }]);
    expect((await db.from('lessons').select('title').eq('lesson_number', free)).data).toEqual([
      { title: 'Bolt' },
    ]);
  });

  it('returns no orphan files when the number is taken on the server between the checks and the lesson row', async () => {
    const id = byTitle('Vonat');
    const db = service();
    let raced: Promise<unknown> | null = null;
    const result = await publishLessons(store, request([id]), {
      ...deps,
      onProgress: ({ item }) => {
        if (item.item.startsWith('audio:') && item.state === 'uploaded' && !raced) {
          raced = Promise.resolve(
            db.from('lessons').insert({ lesson_number: 907, title: 'Vonat (web)' }),
          );
        }
      },
    });
    await raced;
    expect(result.items.find((i) => i.item === 'lesson')).toMatchObject({
      state: 'failed',
      message:
        'Lesson number 907 was taken on the server meanwhile; check again and choose how to resolve it.',
    });
    const remoteId = store.lessons.summary(id)?.remoteId ?? '';
    expect(remoteId).not.toBe('');
    expect(await objectsUnder(`lessons/${remoteId}/dialogue`)).toBe(0);
    expect(await objectsUnder(`lessons/${remoteId}/vocabulary`)).toBe(0);
    expect(store.published.list(id)).toEqual([]);
    expect(logged).toContainEqual(
      expect.objectContaining({ lesson: 'Lesson 907 “Vonat”', item: 'lesson' }),
    );
  });
});
