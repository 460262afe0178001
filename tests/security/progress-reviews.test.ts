import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, callFunction, forgeSubject, startSecurityServer } from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// Findings (issue 10): a learner inserted back-dated review_log rows (a 30-day streak), set
// times_seen to 100000, and could call record_review (which record-word-result called as the
// learner) with any FSRS state. The review log and word progress now change only through
// record-word-result, which verifies the caller and writes with the service-only record_answer:
// one answer, one review, counters + 1, answer times within the last 7 days and in order.

const DAY_MS = 86_400_000;

function answerArgs(userId: string, wordId: string) {
  const now = new Date().toISOString();
  return {
    _user_id: userId,
    _vocabulary_id: wordId,
    _was_correct: true,
    _rating: 3,
    _answered_at: now,
    _due: new Date(Date.now() + 365 * DAY_MS).toISOString(),
    _stability: 365,
    _difficulty: 1,
    _elapsed_days: 0,
    _scheduled_days: 365,
    _learning_steps: 0,
    _reps: 1,
    _lapses: 0,
    _state: 2,
    _log_state: 0,
    _log_due: now,
    _log_stability: 0,
    _log_difficulty: 0,
    _log_elapsed_days: 0,
    _log_last_elapsed_days: 0,
    _log_scheduled_days: 0,
    _log_learning_steps: 0,
  };
}

describe.each(BACKENDS)('review and word progress attacks on %s', (backend) => {
  let server: SecurityServer;
  let mallory: Learner;
  let victim: Learner;
  let word: string;
  let otherWord: string;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    mallory = await server.signUp('mallory');
    victim = await server.signUp('victim');
    const lesson1 = await server.lessonId(1);
    word = await server.wordOf(lesson1, 0);
    otherWord = await server.wordOf(lesson1, 1);
    for (const learner of [mallory, victim]) {
      const audio = await learner.db.rpc('complete_lesson_audio', { _lesson_id: lesson1 });
      expect(audio.error).toBeNull();
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function streakOf(learner: Learner): Promise<number> {
    const { data, error } = await server.service.rpc('get_streak', { _user_id: learner.id });
    if (error) throw error;
    return data[0]?.current_streak ?? -1;
  }

  async function wordProgress(learner: Learner, wordId: string) {
    const { data, error } = await server.service
      .from('user_vocabulary_progress')
      .select('times_seen, times_correct, reps, due')
      .eq('user_id', learner.id)
      .eq('vocabulary_id', wordId)
      .eq('skill', 'recognition')
      .maybeSingle();
    if (error) throw error;
    return data;
  }

  it('refuses 30 back-dated review_log rows through REST (no 30-day streak)', async () => {
    const rows = Array.from({ length: 30 }, (_, day) => ({
      user_id: mallory.id,
      vocabulary_id: word,
      rating: 3,
      state: 2,
      due: new Date().toISOString(),
      stability: 10,
      difficulty: 5,
      was_correct: true,
      reviewed_at: new Date(Date.now() - day * DAY_MS).toISOString(),
    }));
    const insert = await mallory.db.from('review_log').insert(rows);
    expect(insert.error?.code).toBe('42501');
    const anon = await server.anon.from('review_log').insert(rows[0] ?? {});
    expect(anon.status).toBe(401);
    const forVictim = await mallory.db
      .from('review_log')
      .insert({ ...rows[0], user_id: victim.id } as never);
    expect(forVictim.error?.code).toBe('42501');
    expect(await streakOf(mallory)).toBeLessThanOrEqual(1);
    const logged = await server.service.from('review_log').select('id').eq('user_id', mallory.id);
    expect(logged.data).toEqual([]);
  });

  it('refuses back-dated answers through the function beyond 7 days: no 30-day streak', async () => {
    const statuses: number[] = [];
    for (let day = 29; day >= 0; day--) {
      const res = await callFunction(
        server,
        'record-word-result',
        {
          vocabulary_id: otherWord,
          was_correct: true,
          session_id: null,
          answered_at: new Date(Date.now() - day * DAY_MS).toISOString(),
        },
        mallory.token,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 23)).toEqual(Array<number>(23).fill(400));
    expect(statuses.slice(23)).toEqual(Array<number>(7).fill(200));
    const streak = await streakOf(mallory);
    expect(streak).toBeLessThanOrEqual(7);
    expect((await wordProgress(mallory, otherWord))?.times_seen).toBe(7);
  });

  it('refuses times_seen 100000 through REST, for oneself and for another learner', async () => {
    const answered = await callFunction(
      server,
      'record-word-result',
      { vocabulary_id: word, was_correct: true, session_id: null },
      victim.token,
    );
    expect(answered.status).toBe(200);
    const victimBefore = await wordProgress(victim, word);
    const own = await mallory.db
      .from('user_vocabulary_progress')
      .update({ times_seen: 100000, times_correct: 100000 })
      .eq('user_id', mallory.id);
    expect(own.error?.code).toBe('42501');
    const upsert = await mallory.db
      .from('user_vocabulary_progress')
      .upsert(
        { user_id: mallory.id, vocabulary_id: word, times_seen: 100000, times_correct: 100000 },
        { onConflict: 'user_id,vocabulary_id,skill' },
      );
    expect(upsert.error?.code).toBe('42501');
    const theirs = await mallory.db
      .from('user_vocabulary_progress')
      .update({ times_seen: 0 })
      .eq('user_id', victim.id);
    expect(theirs.error?.code).toBe('42501');
    expect(await wordProgress(victim, word)).toEqual(victimBefore);
    expect((await wordProgress(mallory, otherWord))?.times_seen).toBe(7);
  });

  it('refuses record_answer and the old record_review to learners and anonymous callers', async () => {
    const own = await mallory.db.rpc('record_answer', answerArgs(mallory.id, word));
    expect(own.error?.code).toBe('42501');
    const theirs = await mallory.db.rpc('record_answer', answerArgs(victim.id, word));
    expect(theirs.error?.code).toBe('42501');
    const anon = await server.anon.rpc('record_answer', answerArgs(victim.id, word));
    expect(anon.status).toBe(401);
    const { _answered_at: reviewedAt, ...rest } = answerArgs(mallory.id, word);
    const old = await mallory.db.rpc(
      'record_review' as never,
      {
        ...rest,
        _reviewed_at: reviewedAt,
      } as never,
    );
    expect(old.status).toBe(404);
    expect(await wordProgress(mallory, word)).toBeNull();
  });

  it('returns one answer counted once whatever state the body claims', async () => {
    const res = await callFunction(
      server,
      'record-word-result',
      {
        vocabulary_id: word,
        was_correct: true,
        session_id: null,
        user_id: victim.id,
        times_seen: 100000,
        reps: 1000,
        due: '2099-01-01T00:00:00Z',
        stability: 36500,
      },
      mallory.token,
    );
    expect(res.status).toBe(200);
    const progress = await wordProgress(mallory, word);
    expect(progress).toMatchObject({ times_seen: 1, times_correct: 1, reps: 1 });
    expect(new Date(progress?.due ?? 0).getTime()).toBeLessThan(Date.now() + 30 * DAY_MS);
    expect((await wordProgress(victim, word))?.times_seen).toBe(1);
  });

  it('returns a replayed answer id counted once (a retry is not a second answer)', async () => {
    const body = {
      vocabulary_id: word,
      was_correct: true,
      session_id: null,
      client_answer_id: randomUUID(),
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callFunction(server, 'record-word-result', body, mallory.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.replayed === false)).toHaveLength(1);
    expect((await wordProgress(mallory, word))?.times_seen).toBe(2);
  });

  // Issue 13: the offline queue replays its steps with their idempotency keys. A key is only
  // ever the learner's own: another learner (or nobody) who copies one cannot replay, undo or
  // add to the learner's answers and sessions.
  it("cannot replay or take over another learner's queued answer and session ids", async () => {
    const answerId = randomUUID();
    const sessionId = randomUUID();
    const answeredAt = new Date(Date.now() - 60_000).toISOString();
    const mine = {
      vocabulary_id: otherWord,
      was_correct: true,
      session_id: sessionId,
      client_answer_id: answerId,
      answered_at: answeredAt,
    };
    expect((await callFunction(server, 'record-word-result', mine, victim.token)).status).toBe(200);
    const saved = await victim.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 1,
      _correct_answers: 1,
      _at: answeredAt,
    });
    expect(saved.error).toBeNull();
    const before = await wordProgress(victim, otherWord);
    const logOf = async (learner: Learner) =>
      (
        await server.service
          .from('review_log')
          .select('client_answer_id, was_correct')
          .eq('user_id', learner.id)
          .eq('vocabulary_id', otherWord)
      ).data;
    const victimLog = await logOf(victim);

    // Mallory sends the victim's answer id (and a wrong answer): it is Mallory's own answer.
    // Answered now: Mallory reviewed this word in the tests above, and an answer older than a
    // word's last review is refused with 409 (which would hide what this test is about).
    const copied = await callFunction(
      server,
      'record-word-result',
      { ...mine, was_correct: false, answered_at: new Date().toISOString() },
      mallory.token,
    );
    expect(copied.status).toBe(200);
    expect(copied.body.replayed).toBe(false);
    // The victim's session id is not Mallory's to save, with any figures.
    const taken = await mallory.db.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 1,
      _correct_answers: 1,
    });
    expect(taken.error?.code).toBe('42501');
    // Nobody signed in can replay anything.
    expect((await callFunction(server, 'record-word-result', mine, null)).status).toBe(401);
    const anonSession = await server.anon.rpc('save_flashcard_session', {
      _session_id: sessionId,
      _total_cards: 1,
      _correct_answers: 1,
    });
    expect(anonSession.error).not.toBeNull();
    const anonAudio = await server.anon.rpc('complete_lesson_audio', {
      _lesson_id: await server.lessonId(1),
      _at: answeredAt,
    });
    expect(anonAudio.error).not.toBeNull();

    expect(await wordProgress(victim, otherWord)).toEqual(before);
    expect(await logOf(victim)).toEqual(victimLog);
    expect(
      (await server.service.from('flashcard_sessions').select('user_id').eq('id', sessionId)).data,
    ).toEqual([{ user_id: victim.id }]);
    // The victim's own replay still returns the stored answer, counted once.
    const replay = await callFunction(server, 'record-word-result', mine, victim.token);
    expect(replay.body.replayed).toBe(true);
    expect((await wordProgress(victim, otherWord))?.times_seen).toBe(before?.times_seen);
  });

  it('refuses answers for another learner: forged, anonymous and service tokens', async () => {
    const before = await wordProgress(victim, word);
    const body = { vocabulary_id: word, was_correct: false, session_id: null };
    const forged = await callFunction(
      server,
      'record-word-result',
      body,
      forgeSubject(mallory.token, victim.id),
    );
    expect(forged.status).toBe(401);
    const anon = await callFunction(server, 'record-word-result', body, null);
    expect(anon.status).toBe(401);
    expect(await wordProgress(victim, word)).toEqual(before);
  });
});
