import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTokensOfLines } from '../../web/src/tokens/line-batches.ts';
import { BACKENDS, startSecurityServer } from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// The words of the dialogues (transcript_tokens, issue 31 point 4): anyone reads the tokens of
// published lessons, nobody but an admin changes them, and a draft's tokens are read by admins
// only. Attacks over REST and RPC as an anonymous visitor and as signed-in learners, against the
// demo seed (every line of the thirty lessons has tokens) and a draft lesson made for the test.

describe.each(BACKENDS)('transcript token attacks on %s', (backend) => {
  let server: SecurityServer;
  let mallory: Learner;
  let other: Learner;
  let admin: Learner;
  let lesson1: string;
  let line1: string;
  let draftLine: string;

  const tokensOf = async (lineId: string) => {
    const { data, error } = await server.service
      .from('transcript_tokens')
      .select('*')
      .eq('line_id', lineId)
      .order('position');
    if (error) throw error;
    return data;
  };

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    mallory = await server.signUp('mallory');
    other = await server.signUp('other');
    admin = await server.signUp('admin', { admin: true });
    lesson1 = await server.lessonId(1);
    const line = await server.service
      .from('lesson_transcript')
      .select('id')
      .eq('lesson_id', lesson1)
      .eq('line_number', 2)
      .single();
    if (line.error) throw line.error;
    line1 = line.data.id;
    // A draft with one tokenised line, as the studio would leave it.
    const draft = await server.service
      .from('lessons')
      .insert({ lesson_number: 977, title: 'Titkos lecke', level: 'beginner', is_published: false })
      .select('id')
      .single();
    if (draft.error) throw draft.error;
    const dline = await server.service
      .from('lesson_transcript')
      .insert({
        lesson_id: draft.data.id,
        line_number: 1,
        speaker: 'anna',
        text_content: 'Titok van.',
      })
      .select('id')
      .single();
    if (dline.error) throw dline.error;
    draftLine = dline.data.id;
    const tokens = await server.service.from('transcript_tokens').insert([
      {
        line_id: draftLine,
        position: 0,
        char_start: 0,
        char_end: 5,
        text: 'Titok',
        lemma: 'titok',
      },
      { line_id: draftLine, position: 1, char_start: 6, char_end: 9, text: 'van', lemma: 'van' },
    ]);
    if (tokens.error) throw tokens.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('lets anyone read the tokens and word times of a published lesson', async () => {
    const { data, error } = await server.anon
      .from('transcript_tokens')
      .select('text, lemma, start_time, end_time')
      .eq('line_id', line1)
      .order('position');
    expect(error).toBeNull();
    expect(data?.map((t) => t.text)).toEqual(['Jó', 'napot', 'Bence', 'vagyok']);
    expect(data?.every((t) => t.start_time !== null && t.end_time !== null)).toBe(true);
  });

  it("hides a draft's tokens from anonymous visitors and from learners", async () => {
    for (const db of [server.anon, mallory.db, other.db]) {
      const { data, error } = await db
        .from('transcript_tokens')
        .select('*')
        .eq('line_id', draftLine);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const asAdmin = await admin.db
      .from('transcript_tokens')
      .select('text')
      .eq('line_id', draftLine);
    expect(asAdmin.data?.map((t) => t.text)).toEqual(['Titok', 'van']);
  });

  it('refuses tokens added by anonymous visitors and learners', async () => {
    const row = {
      line_id: line1,
      position: 40,
      char_start: 0,
      char_end: 2,
      text: 'Jó',
      lemma: 'rossz',
    };
    const anon = await server.anon.from('transcript_tokens').insert(row);
    expect(anon.error?.code).toBe('42501');
    const learner = await mallory.db.from('transcript_tokens').insert(row);
    expect(learner.error?.code).toBe('42501');
    expect((await tokensOf(line1)).map((t) => t.position)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a learner changing a word, its meaning or its times, or deleting it', async () => {
    const before = await tokensOf(line1);
    const edits = [
      mallory.db
        .from('transcript_tokens')
        .update({ lemma: 'hacked' })
        .eq('line_id', line1)
        .select(),
      mallory.db
        .from('transcript_tokens')
        .update({ meaning_en: 'hacked' })
        .eq('line_id', line1)
        .select(),
      mallory.db
        .from('transcript_tokens')
        .update({ start_time: 0, end_time: 0 })
        .eq('line_id', line1)
        .select(),
      mallory.db.from('transcript_tokens').delete().eq('line_id', line1).select(),
      server.anon.from('transcript_tokens').delete().eq('line_id', line1).select(),
      server.anon
        .from('transcript_tokens')
        .update({ lemma: 'hacked', meaning_de: 'gehackt', confirmed: true })
        .eq('line_id', line1)
        .select(),
    ];
    for (const edit of await Promise.all(edits)) expect(edit.data ?? []).toEqual([]);
    expect(await tokensOf(line1)).toEqual(before);
  });

  it('refuses save_line_tokens to anonymous visitors and learners', async () => {
    const lines = [{ line_id: line1, tokens: [] }];
    const anon = await server.anon.rpc('save_line_tokens', { _lesson_id: lesson1, _lines: lines });
    expect(anon.error).not.toBeNull();
    const learner = await other.db.rpc('save_line_tokens', { _lesson_id: lesson1, _lines: lines });
    expect(learner.error?.code).toBe('42501');
    expect(await tokensOf(line1)).toHaveLength(4);
  });

  it("refuses a word editor's save (an edited word, the line's text) to anonymous visitors and learners", async () => {
    const before = await tokensOf(line1);
    const edited = before.map(({ id: _id, line_id: _l, created_at: _c, updated_at: _u, ...t }) =>
      t.position === 0 ? { ...t, lemma: 'hacked', meaning_de: 'gehackt', confirmed: true } : t,
    );
    const lines = [{ line_id: line1, text_content: 'Jó napot! Bence vagyok.', tokens: edited }];
    const anon = await server.anon.rpc('save_line_tokens', { _lesson_id: lesson1, _lines: lines });
    expect(anon.error).not.toBeNull();
    const learner = await other.db.rpc('save_line_tokens', { _lesson_id: lesson1, _lines: lines });
    expect(learner.error?.code).toBe('42501');
    expect(await tokensOf(line1)).toEqual(before);
  });

  it("lets an admin save a line's tokens only for the text they were made for", async () => {
    const stale = await admin.db.rpc('save_line_tokens', {
      _lesson_id: lesson1,
      _lines: [{ line_id: line1, text_content: 'Szia! Bence vagyok.', tokens: [] }],
    });
    expect(stale.error?.code).toBe('40001');
    const tokens = (await tokensOf(line1)).map(
      ({ id: _id, line_id: _line, created_at: _c, updated_at: _u, ...rest }) => rest,
    );
    const edited = tokens.map((t) =>
      t.position === 2 ? { ...t, meaning_en: 'Bence (a name)' } : t,
    );
    const saved = await admin.db.rpc('save_line_tokens', {
      _lesson_id: lesson1,
      _lines: [{ line_id: line1, text_content: 'Jó napot! Bence vagyok.', tokens: edited }],
    });
    expect(saved.error).toBeNull();
    expect((await tokensOf(line1))[2]?.meaning_en).toBe('Bence (a name)');
  });

  it('reads every word of the longest dialogue (60 lines) as the lesson page and the review editor do, and in one read (the policy is planned once per statement, not per word)', async () => {
    const lesson = await server.lessonId(29);
    const lines = await server.service
      .from('lesson_transcript')
      .select('id')
      .eq('lesson_id', lesson)
      .order('line_number');
    if (lines.error) throw lines.error;
    const ids = lines.data.map((l) => l.id);
    expect(ids.length).toBeGreaterThanOrEqual(50);
    const stored = await server.service
      .from('transcript_tokens')
      .select('id', { count: 'exact', head: true })
      .in('line_id', ids);
    expect(stored.count ?? 0).toBeGreaterThan(400);
    // The learner's page: the words with their glossary entries.
    const learnerRead = await readTokensOfLines<{ id: string; line_id: string; position: number }>(
      mallory.db,
      ids,
      'id, line_id, position, text, glossary:glossary_entries(lemma, meaning_en, meaning_de, meaning_es)',
    );
    expect(learnerRead).toHaveLength(stored.count ?? -1);
    expect(learnerRead.map((t) => t.line_id)).toEqual(
      [...learnerRead]
        .sort((a, b) => ids.indexOf(a.line_id) - ids.indexOf(b.line_id))
        .map((t) => t.line_id),
    );
    // The review editor: every column.
    const adminRead = await readTokensOfLines<{ id: string; line_id: string; position: number }>(
      admin.db,
      ids,
      '*',
    );
    expect(adminRead).toHaveLength(stored.count ?? -1);
    // The policy of published tokens reads the published lines once per statement (migration
    // 20261128100000): with the per-row lookup it had, the gateway's cost limit (issue 27)
    // refused this one read of all 60 lines on PGlite, what `npm start` runs.
    const whole = await mallory.db
      .from('transcript_tokens')
      .select(
        'id, line_id, position, text, glossary:glossary_entries(lemma, meaning_en, meaning_de, meaning_es)',
      )
      .in('line_id', ids);
    expect(whole.error).toBeNull();
    expect(whole.data).toHaveLength(stored.count ?? -1);
  });
});
