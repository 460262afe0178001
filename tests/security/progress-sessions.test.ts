import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCards,
  BACKENDS,
  lessonCards,
  startSecurityServer,
  type Learner,
  type SecurityServer,
} from './progress-fixture.ts';

// Finding (issue 27): 30 lessons "completed" at 100 % in 1 s with complete_lesson_audio and
// save_flashcard_session and no answers at all, and a 7-day streak from 7 empty sessions. A
// session's figures are now the answers the server recorded under its id (record-word-result,
// one by one, before the session): an empty session is refused and stores nothing, an invented
// one stores only what was answered and completes nothing, and a lesson is passed only by
// recorded answers covering its cards. complete_lesson_audio alone opens nothing further.

const DAY_MS = 86_400_000;

describe.each(BACKENDS)('flashcard sessions only from recorded answers on %s', (backend) => {
  let server: SecurityServer;
  let lesson1: string;
  let lesson2: string;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    lesson1 = await server.lessonId(1);
    lesson2 = await server.lessonId(2);
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function lessonState(learner: Learner, lessonId: string) {
    const { data, error } = await server.service
      .from('user_lesson_progress')
      .select('audio_completed, flashcard_passed, is_completed')
      .eq('user_id', learner.id)
      .eq('lesson_id', lessonId)
      .maybeSingle();
    if (error) throw error;
    return data;
  }

  async function sessionsOf(learner: Learner) {
    const { data, error } = await server.service
      .from('flashcard_sessions')
      .select('id, total_cards, correct_answers')
      .eq('user_id', learner.id);
    if (error) throw error;
    return data;
  }

  async function streakOf(learner: Learner) {
    const { data, error } = await learner.db.rpc('get_streak', { _user_id: learner.id });
    if (error) throw error;
    return data[0];
  }

  it('refuses seven empty sessions on seven days: no session stored, no streak day', async () => {
    const eve = await server.signUp('eve');
    expect((await eve.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 })).error).toBeNull();
    for (let day = 0; day < 7; day++) {
      const at = new Date(Date.now() - day * DAY_MS + 60_000).toISOString();
      for (const lessonId of [lesson1, undefined]) {
        const res = await eve.db.rpc('save_flashcard_session', {
          _session_id: randomUUID(),
          _total_cards: 20,
          _correct_answers: 20,
          _at: at,
          ...(lessonId ? { _lesson_id: lessonId } : {}),
        });
        expect(res.status).toBe(400);
        expect(res.error?.message).toMatch(/has no recorded answers/);
      }
    }
    expect(await sessionsOf(eve)).toEqual([]);
    expect(await lessonState(eve, lesson1)).toEqual({
      audio_completed: true,
      flashcard_passed: false,
      is_completed: false,
    });
    // The audio step is today's only activity.
    expect(await streakOf(eve)).toEqual({ current_streak: 1, longest_streak: 1 });
  });

  it('refuses completing lessons with an invented pass: only what was answered counts', async () => {
    const mallory = await server.signUp('mallory');
    expect(
      (await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 })).error,
    ).toBeNull();
    const sessionId = randomUUID();
    const [word] = await lessonCards(server, lesson1);
    await answerCards(server, mallory, [word ?? ''], sessionId);
    const invented = await mallory.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson1,
    });
    expect(invented.error).toBeNull();
    expect(invented.data).toMatchObject({ total_cards: 1, correct_answers: 1 });
    expect((await lessonState(mallory, lesson1))?.is_completed).toBe(false);
    // Not passed, so the next lesson stays locked: no chain of 30 lessons.
    const next = await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson2 });
    expect(next.status).toBe(403);
    const skipped = await mallory.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson2,
    });
    expect(skipped.status).toBe(403);
    // One word answered twenty times counts as its two cards.
    const repeated = randomUUID();
    await answerCards(server, mallory, Array(20).fill(word ?? ''), repeated);
    const saved = await mallory.db.rpc('save_flashcard_session', {
      _session_id: repeated,
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson1,
    });
    expect(saved.data).toMatchObject({ total_cards: 2, correct_answers: 2 });
    expect((await lessonState(mallory, lesson1))?.is_completed).toBe(false);
  });

  it('passes a lesson on its recorded answers, as the app sends them', async () => {
    const anna = await server.signUp('anna');
    expect((await anna.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 })).error).toBeNull();
    const sessionId = randomUUID();
    await answerCards(server, anna, await lessonCards(server, lesson1), sessionId, 3);
    const pass = await anna.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 20,
      _correct_answers: 17,
      _lesson_id: lesson1,
    });
    expect(pass.error).toBeNull();
    expect(pass.data).toMatchObject({ total_cards: 20, correct_answers: 17, accuracy: 85 });
    expect(await lessonState(anna, lesson1)).toEqual({
      audio_completed: true,
      flashcard_passed: true,
      is_completed: true,
    });
    expect((await anna.db.rpc('complete_lesson_audio', { _lesson_id: lesson2 })).error).toBeNull();
    expect(await streakOf(anna)).toEqual({ current_streak: 1, longest_streak: 1 });
  });
});
