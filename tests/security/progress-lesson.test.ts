import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCards,
  BACKENDS,
  callFunction,
  lessonCards,
  startSecurityServer,
} from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// Finding (issue 10): a learner wrote user_lesson_progress directly, e.g. lesson 10 completed
// with flashcard_score 999999, and the admin Users and Analytics tabs counted it. Lesson
// progress now changes only through complete_lesson_audio and save_flashcard_session, which
// check the unlock order and the session's figures; these attacks must all fail, and the app's
// own path must still work.

describe.each(BACKENDS)('lesson progress attacks on %s', (backend) => {
  let server: SecurityServer;
  let mallory: Learner;
  let victim: Learner;
  let lesson1: string;
  let lesson2: string;
  let lesson10: string;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    mallory = await server.signUp('mallory');
    victim = await server.signUp('victim');
    lesson1 = await server.lessonId(1);
    lesson2 = await server.lessonId(2);
    lesson10 = await server.lessonId(10);
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function progressOf(learner: Learner, lessonId: string) {
    const { data, error } = await server.service
      .from('user_lesson_progress')
      .select('*')
      .eq('user_id', learner.id)
      .eq('lesson_id', lessonId)
      .maybeSingle();
    if (error) throw error;
    return data;
  }

  const completed = {
    audio_completed: true,
    flashcard_passed: true,
    is_completed: true,
    flashcard_score: 999999,
    flashcard_accuracy: 100,
  };

  it('refuses anonymous lesson progress through REST and RPC', async () => {
    const rest = await server.anon
      .from('user_lesson_progress')
      .insert({ user_id: victim.id, lesson_id: lesson10, ...completed });
    expect(rest.error?.code).toBe('42501');
    expect(rest.status).toBe(401);
    const audio = await server.anon.rpc('complete_lesson_audio', { _lesson_id: lesson1 });
    expect(audio.status).toBe(401);
    const session = await server.anon.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson1,
    });
    expect(session.status).toBe(401);
    expect(await progressOf(victim, lesson10)).toBeNull();
  });

  it('refuses a learner completing lesson 10 by upsert with a score of 999999', async () => {
    const upsert = await mallory.db.from('user_lesson_progress').upsert(
      { user_id: mallory.id, lesson_id: lesson10, ...completed },
      {
        onConflict: 'user_id,lesson_id',
      },
    );
    expect(upsert.error?.code).toBe('42501');
    expect(upsert.status).toBe(403);
    expect(await progressOf(mallory, lesson10)).toBeNull();
  });

  it('refuses completing a locked lesson or an impossible score through the procedures', async () => {
    const audio = await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson10 });
    expect(audio.status).toBe(403);
    const pass = await mallory.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson10,
    });
    expect(pass.status).toBe(403);
    const huge = await mallory.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 999999,
      _correct_answers: 999999,
      _lesson_id: lesson1,
    });
    expect(huge.status).toBe(400);
    const beforeAudio = await mallory.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson1,
    });
    expect(beforeAudio.status).toBe(403);
    expect(await progressOf(mallory, lesson10)).toBeNull();
    expect(await progressOf(mallory, lesson1)).toBeNull();
  });

  it('refuses a pass that is not the session’s: too few cards, or against recorded answers', async () => {
    const audio = await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 });
    expect(audio.error).toBeNull();
    const oneCard = await mallory.db.rpc('save_flashcard_session', {
      _session_id: randomUUID(),
      _total_cards: 1,
      _correct_answers: 1,
      _lesson_id: lesson1,
    });
    expect(oneCard.status).toBe(400);
    const sessionId = randomUUID();
    for (let i = 0; i < 5; i++) {
      const answer = await callFunction(
        server,
        'record-word-result',
        {
          vocabulary_id: await server.wordOf(lesson1, i),
          was_correct: false,
          session_id: sessionId,
        },
        mallory.token,
      );
      expect(answer.status).toBe(200);
    }
    const claimed = await mallory.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 20,
      _correct_answers: 20,
      _lesson_id: lesson1,
    });
    expect(claimed.status).toBe(400);
    expect((await progressOf(mallory, lesson1))?.is_completed).toBe(false);
  });

  it('refuses writing another learner’s lesson progress', async () => {
    const audio = await victim.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 });
    expect(audio.error).toBeNull();
    const before = await progressOf(victim, lesson1);
    const update = await mallory.db
      .from('user_lesson_progress')
      .update({ is_completed: true, flashcard_score: 999999 })
      .eq('user_id', victim.id);
    expect(update.error?.code).toBe('42501');
    const insert = await mallory.db
      .from('user_lesson_progress')
      .insert({ user_id: victim.id, lesson_id: lesson10, ...completed });
    expect(insert.error?.code).toBe('42501');
    const victimSession = randomUUID();
    const cards = await lessonCards(server, lesson1);
    await answerCards(server, victim, cards, victimSession, 10);
    const saved = await victim.db.rpc('save_flashcard_session', {
      _session_id: victimSession,
      _total_cards: 20,
      _correct_answers: 10,
      _lesson_id: lesson1,
    });
    expect(saved.error).toBeNull();
    const hijack = await mallory.db.rpc('save_flashcard_session', {
      _session_id: victimSession,
      _total_cards: 20,
      _correct_answers: 10,
      _lesson_id: lesson1,
    });
    expect(hijack.status).toBe(403);
    expect(await progressOf(victim, lesson1)).toEqual(before);
    expect(await progressOf(victim, lesson10)).toBeNull();
  });

  it('returns the admin tabs only real progress, and the app’s own path still works', async () => {
    const sessionId = randomUUID();
    await answerCards(server, mallory, await lessonCards(server, lesson1), sessionId, 4);
    const pass = await mallory.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 20,
      _correct_answers: 16,
      _lesson_id: lesson1,
    });
    expect(pass.error).toBeNull();
    expect(await progressOf(mallory, lesson1)).toMatchObject({
      is_completed: true,
      flashcard_passed: true,
      flashcard_score: 16,
      flashcard_accuracy: 80,
    });
    const next = await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson2 });
    expect(next.error).toBeNull();
    const skip = await mallory.db.rpc('complete_lesson_audio', { _lesson_id: lesson10 });
    expect(skip.status).toBe(403);

    const completion = await server.service.rpc('admin_lesson_completion');
    expect(completion.error).toBeNull();
    const tenth = completion.data?.find((row) => row.lesson_id === lesson10);
    expect(tenth?.learners_completed).toBe(0);
    const users = await server.service.rpc('admin_user_progress', { _search: mallory.id });
    expect(users.data).toEqual([
      expect.objectContaining({ user_id: mallory.id, lessons_completed: 1, avg_accuracy: 80 }),
    ]);
  });
});
