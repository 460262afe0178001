import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, callFunction, startSecurityServer } from './progress-fixture.ts';
import type { Db, Learner, SecurityServer } from './progress-fixture.ts';

// Issue 28 point 5: admins preview any lesson as a learner sees it (/lesson/:id/preview). The page
// only reads; what decides is the server: a draft exists for admins only (RLS on the lesson, its
// lines, words and characters), and no learner records anything on a draft or on a lesson they
// have not reached, whatever page they come from. That an admin's preview
// sends nothing is watched in the browser (tests/e2e/admin/preview.spec.ts).

describe.each(BACKENDS)('lesson preview on %s', (backend) => {
  let server: SecurityServer;
  let learner: Learner;
  let admin: Learner;
  let draft: string;
  let draftWord: string;
  let locked: string;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    learner = await server.signUp('preview-learner');
    admin = await server.signUp('preview-admin', { admin: true });
    const lesson = await server.service
      .from('lessons')
      .insert({ title: 'Unreleased', lesson_number: 9_001, level: 'beginner', is_published: false })
      .select('id')
      .single();
    if (lesson.error) throw lesson.error;
    draft = lesson.data.id;
    const line = await server.service.from('lesson_transcript').insert({
      lesson_id: draft,
      line_number: 1,
      speaker: 'narrator',
      text_content: 'Titkos mondat.',
      start_time: 0,
      end_time: 2,
    });
    if (line.error) throw line.error;
    const word = await server.service
      .from('lesson_vocabulary')
      .insert({ lesson_id: draft, word_hu: 'titok', word_en: 'secret', difficulty: 'beginner' })
      .select('id')
      .single();
    if (word.error) throw word.error;
    draftWord = word.data.id;
    const character = await server.service.from('lesson_characters').insert({
      lesson_id: draft,
      key: 'erzsi',
      name_en: 'Erzsi',
      sex: 'female',
      voice: 'hu-female-1',
    });
    if (character.error) throw character.error;
    locked = await server.lessonId(3);
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** What the preview page reads of a lesson, as `db` sees it. */
  async function previewReads(db: Db, lessonId: string) {
    const [lesson, lines, words, characters] = await Promise.all([
      db.from('lessons').select('id').eq('id', lessonId),
      db.from('lesson_transcript').select('id').eq('lesson_id', lessonId),
      db.from('lesson_vocabulary').select('id').eq('lesson_id', lessonId),
      db.from('lesson_characters').select('id').eq('lesson_id', lessonId),
    ]);
    for (const read of [lesson, lines, words, characters]) if (read.error) throw read.error;
    return {
      lesson: lesson.data?.length ?? 0,
      lines: lines.data?.length ?? 0,
      words: words.data?.length ?? 0,
      characters: characters.data?.length ?? 0,
    };
  }

  async function recordsOf(userId: string) {
    const counts: number[] = [];
    for (const table of [
      'user_lesson_progress',
      'review_log',
      'flashcard_sessions',
      'user_vocabulary_progress',
    ] as const) {
      const { count, error } = await server.service
        .from(table)
        .select('*', { count: 'exact', head: true })
        .eq('user_id', userId);
      if (error) throw error;
      counts.push(count ?? 0);
    }
    return counts;
  }

  it('returns nothing of a draft to a learner or an anonymous visitor, all of it to an admin', async () => {
    const nothing = { lesson: 0, lines: 0, words: 0, characters: 0 };
    expect(await previewReads(learner.db, draft)).toEqual(nothing);
    expect(await previewReads(server.anon, draft)).toEqual(nothing);
    expect(await previewReads(admin.db, draft)).toEqual({
      lesson: 1,
      lines: 1,
      words: 1,
      characters: 1,
    });
  });

  it('refuses a learner recording a draft lesson: audio, answers, session', async () => {
    const audio = await learner.db.rpc('complete_lesson_audio', { _lesson_id: draft });
    expect(audio.error).not.toBeNull();
    const sessionId = randomUUID();
    const answer = await callFunction(
      server,
      'record-word-result',
      { vocabulary_id: draftWord, was_correct: true, session_id: sessionId },
      learner.token,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const session = await learner.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 1,
      _correct_answers: 1,
      _lesson_id: draft,
    });
    expect(session.error).not.toBeNull();
    expect(await recordsOf(learner.id)).toEqual([0, 0, 0, 0]);
  });

  it('refuses a learner recording a lesson they have not reached', async () => {
    const audio = await learner.db.rpc('complete_lesson_audio', { _lesson_id: locked });
    expect(audio.error?.message).toMatch(/locked/);
    const session = await learner.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: locked,
    });
    expect(session.error).not.toBeNull();
    const progress = await server.service
      .from('user_lesson_progress')
      .select('lesson_id')
      .eq('user_id', learner.id)
      .eq('lesson_id', locked);
    expect(progress.data).toEqual([]);
  });
});
