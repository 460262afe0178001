import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../test/support/backend.ts';
import { createAccount, startBackendProcess } from '../../../../test/support/backend.ts';
import { writeCleanLesson } from '../../../../test/support/lessons.ts';
import { timeAllLines } from '../../../../test/support/timing.ts';
import { saveTranscriptOnWeb, webAdmin } from '../../../../test/support/web-editor.ts';
import type { PublishRequest } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from '../importer/import-root.ts';
import { checkBeforePublish, publishLessons } from './publish.ts';
import { hashJson } from './remote-ids.ts';

const ADMIN = { email: 'old-record-admin@magyarul.local', password: 'old-record-admin-pw' };

describe('publishing a lesson the studio published before it kept a record of rows', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-old-record-'));
  let backend: Backend;
  let store: DraftsStore;
  let lessonId = 0;
  const request = (): PublishRequest => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...ADMIN,
    allowInsecure: false,
    lessonIds: [lessonId],
    status: 'keep',
    acceptWarnings: false,
    confirmUnpublish: false,
    choices: [],
  });
  const changes = async () => (await checkBeforePublish(store, request())).lessons[0]?.changes;

  /**
   * Turns the studio's record into the one an older studio left: one hash per row set, of the
   * rows as it sent them (the older publisher's object shapes, key order included), no rows.
   */
  async function makeOldRecord(): Promise<void> {
    const remoteId = store.lessons.summary(lessonId)?.remoteId ?? '';
    const db = store.db;
    db.run('DELETE FROM published_rows WHERE lesson_id = ?', [lessonId]);
    db.run(`DELETE FROM published_items WHERE lesson_id = ? AND item LIKE 'rows:%'`, [lessonId]);
    const web = await webAdmin(backend, ADMIN);
    const lesson = await web.from('lessons').select('*').eq('id', remoteId).single();
    const lines = await web
      .from('lesson_transcript')
      .select('*')
      .eq('lesson_id', remoteId)
      .order('line_number');
    const words = await web
      .from('lesson_vocabulary')
      .select('*')
      .eq('lesson_id', remoteId)
      .order('created_seq');
    if (!lesson.data || !lines.data || !words.data) throw new Error('server rows not read');
    const l = lesson.data;
    const put = (item: string, value: unknown) =>
      store.published.put(lessonId, { item, contentHash: hashJson(value), remoteRef: remoteId });
    put('lesson', {
      id: l.id,
      lesson_number: l.lesson_number,
      title: l.title,
      description: l.description,
      level: l.level,
      topic: l.topic,
      duration: l.duration,
      audio_url: l.audio_url,
      is_published: l.is_published,
    });
    put(
      'transcript',
      lines.data.map((t) => ({
        line_number: t.line_number,
        speaker: t.speaker,
        text_content: t.text_content,
        start_time: t.start_time,
        end_time: t.end_time,
        translation_en: t.translation_en,
        translation_de: t.translation_de,
        translation_es: t.translation_es,
      })),
    );
    put(
      'vocabulary',
      words.data.map((w) => ({
        word_hu: w.word_hu,
        word_en: w.word_en,
        word_de: w.word_de,
        word_es: w.word_es,
        difficulty: w.difficulty,
        audio_file_path: w.audio_file_path,
      })),
    );
  }

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '940 Régi', 3);
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    await importRoot(root, store);
    lessonId = store.lessons.list()[0]?.id ?? 0;
    timeAllLines(store, lessonId);
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    const first = await publishLessons(store, request(), {
      log: () => undefined,
      onProgress: () => undefined,
    });
    expect(first.failed + first.blocked).toBe(0);
    await makeOldRecord();
  }, 180_000);
  afterAll(async () => {
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  const firstLine = () => store.lines.listForLesson(lessonId)[0];

  it('returns the studio’s own edit as its own while the server still has what the old record says was sent', async () => {
    store.lines.update(firstLine()?.id ?? 0, { translationDe: 'Guten Tag!' });
    expect(await changes()).toEqual([]);
  });

  it('returns every difference to choose once the server no longer matches it, marked changed on both sides', async () => {
    const web = await webAdmin(backend, ADMIN);
    const remoteId = store.lessons.summary(lessonId)?.remoteId ?? '';
    await saveTranscriptOnWeb(web, remoteId, (lines) =>
      lines.map((line) => (line.line_number === 2 ? { ...line, end_time: 2.95 } : line)),
    );
    // Who changed what cannot be told any more: the studio's edit is asked about too.
    expect((await changes())?.map((c) => [c.label, c.fields])).toEqual([
      [
        'Line 1',
        [
          {
            field: 'translation_de',
            server: 'DE Jó napot!',
            mine: 'Guten Tag!',
            mineChanged: true,
          },
        ],
      ],
      ['Line 2', [{ field: 'end_time', server: 2.95, mine: 2.9, mineChanged: true }]],
    ]);
  });
});
