import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEditorLines, transcriptSavePlan } from '@magyarul/core/lessons';
import type { Database } from '../../supabase/types/database.ts';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';
import { client, signedUp, type Db } from './setup/clients.ts';

// save_lesson_transcript and admin_translation_status through supabase-js, as the web editor
// calls them: the timestamps the editor read travel through JSON and back (the stale-save
// check depends on that), an unchanged save writes nothing, and anonymous callers and learners
// are refused by the database while the same call by an admin succeeds.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase', import.meta.url));

type Line = Database['public']['Tables']['lesson_transcript']['Row'];

const sent = (rows: readonly Line[]) =>
  rows.map((r) => ({
    id: r.id,
    line_number: r.line_number,
    speaker: r.speaker,
    text_content: r.text_content,
    start_time: r.start_time,
    end_time: r.end_time,
    translation_en: r.translation_en,
    translation_de: r.translation_de,
    translation_es: r.translation_es,
  }));
const expectedOf = (rows: readonly Line[]) =>
  rows.map((r) => ({ id: r.id, updated_at: r.updated_at }));

describe.each(BACKENDS)('transcript save procedures on %s', (backend) => {
  let server: TestServer;
  let service: Db;
  let admin: Db;
  let learner: Db;
  let anon: Db;
  let lessonId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    service = client(server, server.ctx.keys.serviceRoleKey);
    anon = client(server, server.ctx.keys.anonKey);
    const a = await signedUp(server, `ts-admin-${backend}@example.test`);
    learner = (await signedUp(server, `ts-learner-${backend}@example.test`)).db;
    admin = a.db;
    const role = await service.from('user_roles').update({ role: 'admin' }).eq('user_id', a.id);
    expect(role.error).toBeNull();
    const lesson = await service
      .from('lessons')
      .insert({ title: 'Kávézó', lesson_number: 902, is_published: true })
      .select('id')
      .single();
    if (lesson.error) throw lesson.error;
    lessonId = lesson.data.id;
    const lines = await service.from('lesson_transcript').insert([
      {
        lesson_id: lessonId,
        line_number: 1,
        speaker: 'narrator',
        text_content: 'Anna és Bence a kávézóban.',
        start_time: 0.4,
        end_time: 4.8,
        translation_en: 'Anna and Bence at the café.',
      },
      {
        lesson_id: lessonId,
        line_number: 2,
        speaker: 'anna',
        text_content: 'Szia, Bence!',
        start_time: 5.5,
        end_time: 8.33,
      },
    ]);
    expect(lines.error).toBeNull();
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function read(db: Db = admin): Promise<Line[]> {
    const { data, error } = await db
      .from('lesson_transcript')
      .select('*')
      .eq('lesson_id', lessonId)
      .order('line_number');
    if (error) throw error;
    return data;
  }

  it('refuses anonymous callers and learners, and the transcript stays whole', async () => {
    const before = await read();
    for (const db of [anon, learner]) {
      const save = await db.rpc('save_lesson_transcript', { _lesson_id: lessonId, _lines: [] });
      expect(save.error?.code).toBe('42501');
      const status = await db.rpc('admin_translation_status');
      expect(status.error?.code).toBe('42501');
    }
    expect(await read()).toEqual(before);
  });

  it('returns the rows unchanged, updated_at included, for a save of what was read', async () => {
    const before = await read();
    const { data, error } = await admin.rpc('save_lesson_transcript', {
      _lesson_id: lessonId,
      _lines: sent(before),
      _expected: expectedOf(before),
    });
    expect(error).toBeNull();
    expect(data).toEqual(before);
    expect(await read()).toEqual(before);
  });

  it('stores an edited time and refuses a save based on an older read', async () => {
    const before = await read();
    const edited = sent(before).map((l) => (l.line_number === 2 ? { ...l, end_time: 8.5 } : l));
    const first = await admin.rpc('save_lesson_transcript', {
      _lesson_id: lessonId,
      _lines: edited,
      _expected: expectedOf(before),
    });
    expect(first.error).toBeNull();
    const after = await read();
    expect(after.map((l) => [l.start_time, l.end_time])).toEqual([
      [0.4, 4.8],
      [5.5, 8.5],
    ]);
    expect(after[0]).toEqual(before[0]);

    const stale = await admin.rpc('save_lesson_transcript', {
      _lesson_id: lessonId,
      _lines: sent(before),
      _expected: expectedOf(before),
    });
    expect(stale.error?.code).toBe('40001');
    expect(await read()).toEqual(after);
  });

  it('returns per-lesson translation counts to an admin', async () => {
    const { data, error } = await admin.rpc('admin_translation_status');
    expect(error).toBeNull();
    expect(data?.find((r) => r.lesson_id === lessonId)).toEqual({
      lesson_id: lessonId,
      words: 0,
      words_de: 0,
      words_es: 0,
      lines: 2,
      lines_en: 1,
      lines_de: 0,
      lines_es: 0,
    });
  });

  it('keeps every line’s slow and natural times and its character through a review-editor save', async () => {
    // A lesson with three versions and a character, as the seed stores it (issue 32).
    const character = await service.from('lesson_characters').insert({
      lesson_id: lessonId,
      key: 'waiter',
      name_en: 'Waiter',
      name_de: 'Kellner',
      name_es: 'Camarero',
      sex: 'male',
      voice: 'hu+m3',
    });
    expect(character.error).toBeNull();
    const stored = await read(service);
    for (const [index, line] of stored.entries()) {
      const timed = await service
        .from('lesson_transcript')
        .update({
          slow_start_time: 10 + index,
          slow_end_time: 10.5 + index,
          natural_start_time: 0.25 + index,
          natural_end_time: 0.75 + index,
          character_key: index === 1 ? 'waiter' : null,
        })
        .eq('id', line.id);
      expect(timed.error).toBeNull();
    }
    const before = await read();
    const kept = (rows: readonly Line[]) =>
      rows.map((l) => [
        l.id,
        l.slow_start_time,
        l.slow_end_time,
        l.natural_start_time,
        l.natural_end_time,
        l.character_key,
      ]);

    // What the editor sends after the admin edits a line's text and adds one before it (the
    // lines are renumbered): the columns it does not know must come back as they were.
    const lines = toEditorLines(before);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines expected');
    const edited = [
      { ...first, text_content: 'Anna és Bence a kávézóban ülnek.' },
      { ...first, key: 'new', id: null, text_content: 'Jön a pincér.', speaker: 'narrator' },
      second,
    ];
    const plan = transcriptSavePlan(edited, before);
    expect(plan.changed).toBe(true);
    const save = await admin.rpc('save_lesson_transcript', {
      _lesson_id: lessonId,
      _lines: plan.lines,
      _expected: expectedOf(before),
    });
    expect(save.error).toBeNull();
    const after = await read();
    expect(after.map((l) => l.line_number)).toEqual([1, 2, 3]);
    expect(kept([after[0], after[2]].flatMap((l) => (l ? [l] : [])))).toEqual(kept(before));
    expect(after[1]).toMatchObject({
      natural_start_time: null,
      slow_start_time: null,
      character_key: null,
    });

    // And a save of what was read (as the studio's publish of an unchanged line sends it).
    const again = await admin.rpc('save_lesson_transcript', {
      _lesson_id: lessonId,
      _lines: sent(after),
      _expected: expectedOf(after),
    });
    expect(again.error).toBeNull();
    expect(await read()).toEqual(after);
  });
});
