import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../../supabase/types/database.ts';
import type { Backend } from '../../../../test/support/backend.ts';
import { createAccount, startBackendProcess } from '../../../../test/support/backend.ts';
import { writeCleanLesson } from '../../../../test/support/lessons.ts';
import { timeAllLines } from '../../../../test/support/timing.ts';
import {
  saveTranscriptOnWeb,
  setPublishedOnWeb,
  webAdmin,
} from '../../../../test/support/web-editor.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type {
  ChangeChoice,
  Choice,
  PublishItem,
  PublishRequest,
  ServerChange,
} from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { lessonSteps } from './lesson-steps.ts';
import { planLesson } from './lesson-plan.ts';
import { checkBeforePublish, publishLessons } from './publish.ts';
import { refreshServerStates } from './server-status.ts';
import { openSession } from './session.ts';

const ADMIN = { email: 'server-state-admin@magyarul.local', password: 'server-state-admin-pw' };

describe('publishing over what the server has now', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-server-state-'));
  let backend: Backend;
  let store: DraftsStore;
  let web: SupabaseClient<Database>;
  const logged: string[] = [];
  const deps = { log: (message: string) => logged.push(message), onProgress: () => undefined };
  const idOf = (title: string) => store.lessons.list().find((l) => l.title === title)?.id ?? 0;
  const remoteOf = (title: string) => store.lessons.summary(idOf(title))?.remoteId ?? '';
  const request = (title: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...ADMIN,
    allowInsecure: false,
    lessonIds: [idOf(title)],
    status: 'keep',
    acceptWarnings: false,
    confirmUnpublish: false,
    choices: [],
    ...extra,
  });
  const publish = (title: string, extra: Partial<PublishRequest> = {}) =>
    publishLessons(store, request(title, extra), deps);
  const states = (items: readonly PublishItem[]) =>
    Object.fromEntries(items.map((item) => [item.item, item.state]));
  const changesOf = async (title: string) =>
    (await checkBeforePublish(store, request(title))).lessons[0]?.changes ?? [];
  /** The author's choice for every column and row of `changes`. */
  const choose = (title: string, changes: readonly ServerChange[], choice: Choice) =>
    changes.flatMap((change): ChangeChoice[] =>
      (change.change === 'changed' ? change.fields.map((f) => f.field) : ['']).map((field) => ({
        lessonId: idOf(title),
        key: change.key,
        field,
        stamp: change.stamp,
        choice,
      })),
    );
  const serverLines = async (title: string) => {
    const { data, error } = await web
      .from('lesson_transcript')
      .select('id, line_number, text_content, start_time, end_time, translation_de, updated_at')
      .eq('lesson_id', remoteOf(title))
      .order('line_number');
    if (error) throw error;
    return data;
  };
  const serverLesson = async (title: string) => {
    const { data, error } = await web
      .from('lessons')
      .select('is_published, title, description, updated_at')
      .eq('id', remoteOf(title))
      .single();
    if (error) throw error;
    return data;
  };
  const draftLine = (title: string, n: number) =>
    store.lines.listForLesson(idOf(title)).find((line) => line.lineNumber === n);

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '920 Kávézó', 8);
    writeCleanLesson(root, '921 Piac', 2);
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(root, store);
    for (const lesson of store.lessons.list()) timeAllLines(store, lesson.id);
    // The line: it ends at 11.44 s in the studio (the web editor will move it to 11.55).
    store.lines.update(draftLine('Kávézó', 8)?.id ?? 0, { endTime: 11.44 });
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    web = await webAdmin(backend, ADMIN);
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns a lesson made live on the web still live after the studio republishes a description edit', async () => {
    const first = await publish('Kávézó');
    expect(first.failed + first.blocked).toBe(0);
    expect((await serverLesson('Kávézó')).is_published).toBe(false);
    expect(store.lessons.summary(idOf('Kávézó'))?.publishState).toBe('draft');

    // An admin makes it live in the web admin area.
    await setPublishedOnWeb(web, remoteOf('Kávézó'), true);
    const [check] = (await checkBeforePublish(store, request('Kávézó'))).lessons;
    expect(check?.server).toEqual({ isPublished: true, updatedAt: expect.any(String) as string });
    expect(check?.changes).toEqual([]);
    // The studio's list says what the server says.
    expect(store.lessons.summary(idOf('Kávézó'))?.publishState).toBe('published');

    store.lessons.update(idOf('Kávézó'), { description: 'Egy kávézóban.' });
    const again = await publish('Kávézó');
    expect(states(again.items)).toMatchObject({
      lesson: 'uploaded',
      transcript: 'unchanged',
      vocabulary: 'unchanged',
    });
    expect(await serverLesson('Kávézó')).toMatchObject({
      is_published: true,
      title: 'Kávézó',
      description: 'Egy kávézóban.',
    });
    // Learners still have it (the anonymous role sees published lessons only).
    const anon = createClient<Database>(backend.url, backend.anonKey, {
      auth: { persistSession: false },
    });
    const seen = await anon.from('lessons').select('id').eq('id', remoteOf('Kávézó'));
    expect(seen.data).toEqual([{ id: remoteOf('Kávézó') }]);
    expect(store.lessons.summary(idOf('Kávézó'))?.publishState).toBe('published');
  });

  it('returns “As draft” for a live lesson refused unless the author confirms it', async () => {
    const before = await serverLesson('Kávézó');
    const refused = await publish('Kávézó', { status: 'draft' });
    expect(refused.items).toEqual([
      expect.objectContaining({
        item: 'checks',
        state: 'blocked',
        message: studioMessage('lesson-blocked-unpublish'),
      }),
    ]);
    expect(await serverLesson('Kávézó')).toEqual(before);

    const confirmed = await publish('Kávézó', { status: 'draft', confirmUnpublish: true });
    expect(states(confirmed.items)).toMatchObject({ lesson: 'uploaded' });
    expect((await serverLesson('Kávézó')).is_published).toBe(false);
    expect(store.lessons.summary(idOf('Kávézó'))?.publishState).toBe('draft');
    const back = await publish('Kávézó', { status: 'published' });
    expect(back.failed + back.blocked).toBe(0);
    expect((await serverLesson('Kávézó')).is_published).toBe(true);
  });

  it('returns a line end moved on the web as a change shown before anything is sent, and never puts the old time back', async () => {
    const remote = (await serverLines('Kávézó')).find((line) => line.line_number === 8);
    expect(remote?.end_time).toBe(11.44);
    // The web review editor moves line 8's end to 11.55 s.
    await saveTranscriptOnWeb(web, remoteOf('Kávézó'), (lines) =>
      lines.map((line) => (line.line_number === 8 ? { ...line, end_time: 11.55 } : line)),
    );
    // Meanwhile the author adds a German translation to line 2 in the studio, nothing else.
    store.lines.update(draftLine('Kávézó', 2)?.id ?? 0, {
      translationDe: 'Guten Tag, Herr Kovács!',
    });

    const changes = await changesOf('Kávézó');
    expect(changes).toEqual([
      {
        key: `line:${remote?.id}`,
        kind: 'line',
        label: 'Line 8',
        change: 'changed',
        stamp: expect.any(String) as string,
        fields: [{ field: 'end_time', server: 11.55, mine: 11.44, mineChanged: false }],
        server: null,
        mine: null,
        mineChanged: false,
      },
    ]);

    // Nothing is sent while the change has no choice.
    const before = await serverLines('Kávézó');
    const blocked = await publish('Kávézó');
    expect(blocked.items).toEqual([
      expect.objectContaining({
        state: 'blocked',
        message: studioMessage('lesson-blocked-server-changes', { n: 1 }),
      }),
    ]);
    expect(await serverLines('Kávézó')).toEqual(before);

    const taken = await publish('Kávézó', { choices: choose('Kávézó', changes, 'server') });
    expect(states(taken.items)).toMatchObject({ lesson: 'unchanged', transcript: 'uploaded' });
    const after = await serverLines('Kávézó');
    expect(after.find((line) => line.line_number === 8)?.end_time).toBe(11.55);
    expect(after.find((line) => line.line_number === 2)?.translation_de).toBe(
      'Guten Tag, Herr Kovács!',
    );
    // Only line 2 was written: every other row is the row it was, updated_at and all.
    expect(after.filter((line) => line.line_number !== 2)).toEqual(
      before.filter((line) => line.line_number !== 2),
    );
    expect(draftLine('Kávézó', 8)?.endTime).toBe(11.55);
    expect(await changesOf('Kávézó')).toEqual([]);
    expect(states((await publish('Kávézó')).items)).toMatchObject({ transcript: 'unchanged' });
  });

  it('returns “keep mine” written for one column and the server’s kept for another, as chosen', async () => {
    await saveTranscriptOnWeb(web, remoteOf('Kávézó'), (lines) =>
      lines.map((line) =>
        line.line_number === 1
          ? { ...line, text_content: 'Jó napot, Anna!' }
          : line.line_number === 3
            ? { ...line, start_time: 3.1 }
            : line,
      ),
    );
    store.lines.update(draftLine('Kávézó', 1)?.id ?? 0, { text: 'Jó napot, Bence!' });
    const changes = await changesOf('Kávézó');
    expect(changes.map((c) => [c.label, c.fields])).toEqual([
      [
        'Line 1',
        [
          {
            field: 'text_content',
            server: 'Jó napot, Anna!',
            mine: 'Jó napot, Bence!',
            mineChanged: true,
          },
        ],
      ],
      ['Line 3', [{ field: 'start_time', server: 3.1, mine: 3, mineChanged: false }]],
    ]);
    const [line1, line3] = changes;
    const result = await publish('Kávézó', {
      choices: [
        ...choose('Kávézó', line1 ? [line1] : [], 'mine'),
        ...choose('Kávézó', line3 ? [line3] : [], 'server'),
      ],
    });
    expect(result.failed + result.blocked).toBe(0);
    const after = await serverLines('Kávézó');
    expect(after[0]?.text_content).toBe('Jó napot, Bence!');
    expect(after[2]?.start_time).toBe(3.1);
    expect(draftLine('Kávézó', 1)?.text).toBe('Jó napot, Bence!');
    expect(draftLine('Kávézó', 3)?.startTime).toBe(3.1);
  });

  it('returns lines and words added or deleted on the web as changes, and taking them leaves the server as it is', async () => {
    await saveTranscriptOnWeb(web, remoteOf('Kávézó'), (lines) => [
      ...lines.slice(0, 4),
      {
        id: null,
        line_number: 5,
        speaker: 'anna',
        text_content: 'Egy kávét kérek.',
        start_time: 5.91,
        end_time: 5.98,
        translation_en: 'A coffee, please.',
        translation_de: null,
        translation_es: null,
      },
      ...lines.slice(4),
    ]);
    const jo = await web
      .from('lesson_vocabulary')
      .delete()
      .eq('lesson_id', remoteOf('Kávézó'))
      .eq('word_hu', 'jó');
    expect(jo.error).toBeNull();
    const kave = await web
      .from('lesson_vocabulary')
      .insert({ lesson_id: remoteOf('Kávézó'), word_hu: 'kávé', word_en: 'coffee' });
    expect(kave.error).toBeNull();

    const changes = await changesOf('Kávézó');
    expect(changes.map((c) => [c.label, c.change, c.server, c.mine])).toEqual([
      ['Line 5', 'added', 'ANNA: Egy kávét kérek. (0:05.91–0:05.98)', null],
      ['Word “jó”', 'deleted', null, 'jó — good'],
      ['Word “kávé”', 'added', 'kávé — coffee', null],
    ]);
    const before = await serverLines('Kávézó');
    const result = await publish('Kávézó', { choices: choose('Kávézó', changes, 'server') });
    expect(states(result.items)).toMatchObject({
      transcript: 'unchanged',
      vocabulary: 'unchanged',
    });
    expect(await serverLines('Kávézó')).toEqual(before);
    expect(store.lines.listForLesson(idOf('Kávézó')).map((line) => line.text)).toEqual(
      before.map((line) => line.text_content),
    );
    expect(store.words.listForLesson(idOf('Kávézó')).map((word) => word.wordHu)).toEqual([
      'nap',
      'kávé',
    ]);
    expect(await changesOf('Kávézó')).toEqual([]);
  });

  it('returns a web save made after the studio read the server refused at the point of effect: nothing overwritten', async () => {
    store.lines.update(draftLine('Kávézó', 6)?.id ?? 0, { translationEs: 'Gracias.' });
    store.lessons.update(idOf('Kávézó'), { topic: 'Kávé' });
    const session = await openSession(request('Kávézó'), store.settings);
    try {
      const lesson = store.lessons.get(idOf('Kávézó'));
      const linked = { ...lesson!, remote_id: lesson?.remote_id ?? '' };
      const plan = await planLesson(store, session.client, linked, request('Kávézó'));
      if (plan.blocked !== null) throw new Error(plan.blocked);
      // The web saves after the studio read the rows, before the studio writes.
      await saveTranscriptOnWeb(web, remoteOf('Kávézó'), (lines) =>
        lines.map((line) => (line.line_number === 6 ? { ...line, end_time: 8.8 } : line)),
      );
      await web.from('lessons').update({ topic: 'Kávéház' }).eq('id', remoteOf('Kávézó'));
      const steps = lessonSteps(store, session.client, plan.lesson, plan.comparison, true, {
        analyse: undefined,
        log: () => undefined,
      });
      const run = (item: string) => steps.find((step) => step.item === item)?.run();
      await expect(run('lesson')).rejects.toThrow(
        studioMessage('changed-meanwhile', { what: 'lesson' }),
      );
      await expect(run('transcript')).rejects.toThrow(
        studioMessage('changed-meanwhile', { what: 'transcript' }),
      );
    } finally {
      await session.close();
    }
    const line6 = (await serverLines('Kávézó')).find((line) => line.line_number === 6);
    expect(line6?.end_time).toBe(8.8);
    const topic = await web.from('lessons').select('topic').eq('id', remoteOf('Kávézó')).single();
    expect(topic.data?.topic).toBe('Kávéház');
    // The next check shows both as changes to choose.
    expect((await changesOf('Kávézó')).map((c) => [c.label, c.fields.map((f) => f.field)])).toEqual(
      [
        ['Lesson details', ['topic']],
        ['Line 6', ['end_time']],
      ],
    );
  });

  it('returns the studio’s list following the server, read anonymously, and keeping what it knew when the server is away', async () => {
    const first = await publish('Piac');
    expect(first.failed + first.blocked).toBe(0);
    const id = idOf('Piac');
    expect(store.lessons.summary(id)?.publishState).toBe('draft');
    await setPublishedOnWeb(web, remoteOf('Piac'), true);
    const live = await refreshServerStates(store, deps.log);
    expect(live.find((l) => l.id === id)?.publishState).toBe('published');
    await setPublishedOnWeb(web, remoteOf('Piac'), false);
    expect(
      (await refreshServerStates(store, deps.log)).find((l) => l.id === id)?.publishState,
    ).toBe('draft');
    const url = store.settings.get('publish.url') ?? '';
    store.settings.set('publish.url', 'http://127.0.0.1:9');
    try {
      const away = await refreshServerStates(store, deps.log);
      expect(away.find((l) => l.id === id)?.publishState).toBe('draft');
      expect(away.find((l) => l.title === 'Kávézó')?.publishState).toBe('published');
      expect(logged).toContain('could not read the lessons’ state on the server');
    } finally {
      store.settings.set('publish.url', url);
    }
  });

  it('returns a lesson deleted on the web as one change: published anew, or its link forgotten', async () => {
    const remote = remoteOf('Piac');
    await web.from('lessons').delete().eq('id', remote);
    const changes = await changesOf('Piac');
    expect(changes.map((c) => [c.kind, c.change, c.mine])).toEqual([['lesson', 'deleted', 'Piac']]);
    expect(store.lessons.summary(idOf('Piac'))?.publishState).toBe('never');
    expect((await publish('Piac')).blocked).toBe(1);

    const anew = await publish('Piac', { choices: choose('Piac', changes, 'mine') });
    expect(anew.failed + anew.blocked).toBe(0);
    expect((await serverLines('Piac')).map((line) => line.text_content)).toEqual(
      store.lines.listForLesson(idOf('Piac')).map((line) => line.text),
    );
    expect(remoteOf('Piac')).toBe(remote);

    await web.from('lessons').delete().eq('id', remote);
    const again = await changesOf('Piac');
    const forgotten = await publish('Piac', { choices: choose('Piac', again, 'server') });
    expect(forgotten.items).toEqual([
      expect.objectContaining({ state: 'blocked', message: studioMessage('lesson-forgotten') }),
    ]);
    expect(store.lessons.summary(idOf('Piac'))).toMatchObject({
      remoteId: null,
      publishState: 'never',
    });
  });
});
