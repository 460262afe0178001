import { randomUUID } from 'node:crypto';
import { newWordProgress, reviewItem, skillCardId } from '@magyarul/core';
import type { WordProgress } from '@magyarul/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLesson, finishAudio, startFunctionsFixture } from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler, parseAnswer } from './handler.ts';
import type { RecordedProgress } from './handler.ts';

type Body = { progress: RecordedProgress; rating: number; replayed: boolean };
const HOUR_MS = 3_600_000;

describe('record-word-result', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let bence: TestUser;
  let cili: TestUser;
  let words: string[];
  let draftWord: string;
  let lockedWord: string;

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    anna = await fx.signUp('anna@test.local');
    bence = await fx.signUp('bence@test.local');
    cili = await fx.signUp('cili@test.local');
    const lesson1 = await addLesson(fx, 1, [
      ['szia', 'hi'],
      ['kör', 'circle'],
      ['kór', 'disease'],
      ['kor', 'age'],
    ]);
    words = lesson1.wordIds;
    draftWord = (await addLesson(fx, 2, [['titok', 'secret']], false)).wordIds[0] ?? '';
    lockedWord = (await addLesson(fx, 3, [['zár', 'lock']])).wordIds[0] ?? '';
    for (const learner of [anna, bence, cili]) await finishAudio(learner, lesson1.lessonId);
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  const word = (i: number) => words[i] ?? '';

  it('returns the next FSRS state and logs the review in the same transaction', async () => {
    const sessionId = randomUUID();
    const res = await fx.call(
      handler,
      { vocabulary_id: word(0), was_correct: true, session_id: sessionId, response_time_ms: 1800 },
      anna.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body.rating).toBe(3);
    expect(body.replayed).toBe(false);
    expect(body.progress).toMatchObject({ times_seen: 1, times_correct: 1, reps: 1 });
    expect(new Date(body.progress.due).getTime()).toBeGreaterThan(Date.now());

    const log = await anna.client.from('review_log').select('*').eq('vocabulary_id', word(0));
    expect(log.error).toBeNull();
    expect(log.data).toHaveLength(1);
    expect(log.data?.[0]).toMatchObject({
      rating: 3,
      state: 0,
      was_correct: true,
      duration_ms: 1800,
      session_id: sessionId,
      user_id: anna.id,
    });
  });

  it('returns a lapse-free Again for a wrong answer and counts it seen but not correct', async () => {
    const first = await fx.call(
      handler,
      { vocabulary_id: word(1), was_correct: false },
      anna.token,
    );
    const body = (await first.json()) as Body;
    expect(body.rating).toBe(1);
    expect(body.progress).toMatchObject({ times_seen: 1, times_correct: 0 });
    const second = await fx.call(
      handler,
      { vocabulary_id: word(1), was_correct: true, session_id: null },
      anna.token,
    );
    const next = (await second.json()) as Body;
    expect(next.progress).toMatchObject({ times_seen: 2, times_correct: 1, reps: 2 });
  });

  it('returns each answer of concurrent calls for the same word counted once', async () => {
    const results = await Promise.all(
      [true, false, true].map((correct) =>
        fx.call(handler, { vocabulary_id: word(0), was_correct: correct }, bence.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await bence.client
      .from('user_vocabulary_progress')
      .select('times_seen, times_correct, reps')
      .eq('vocabulary_id', word(0))
      .eq('skill', 'recognition')
      .single();
    expect(row.data).toEqual({ times_seen: 3, times_correct: 2, reps: 3 });
    const log = await bence.client.from('review_log').select('id');
    expect(log.data).toHaveLength(3);
  });

  it('returns progress only to its owner', async () => {
    const rows = await bence.client.from('user_vocabulary_progress').select('user_id');
    expect(new Set(rows.data?.map((r) => r.user_id))).toEqual(new Set([bence.id]));
  });

  it('returns a replay of a client answer id as the stored result, counted once', async () => {
    const answerId = randomUUID();
    const body = { vocabulary_id: word(2), was_correct: true, client_answer_id: answerId };
    const first = (await (await fx.call(handler, body, cili.token)).json()) as Body;
    const again = await fx.call(handler, body, cili.token);
    expect(again.status).toBe(200);
    const replay = (await again.json()) as Body;
    expect(first.replayed).toBe(false);
    expect(replay).toEqual({ ...first, replayed: true });
    // A replay that now says the opposite is still the stored answer, not a new one.
    const flipped = await fx.call(handler, { ...body, was_correct: false }, cili.token);
    expect(((await flipped.json()) as Body).progress.times_seen).toBe(1);
    const log = await cili.client.from('review_log').select('client_answer_id');
    expect(log.data).toEqual([{ client_answer_id: answerId }]);
  });

  it('returns FSRS applied in answer order for answers given earlier (the offline queue)', async () => {
    const now = Date.now();
    const times = [now - 30 * HOUR_MS, now - 6 * HOUR_MS, now - HOUR_MS].map((t) => new Date(t));
    const answers = [true, false, true];
    let expected: WordProgress | null = null;
    for (const [i, at] of times.entries()) {
      const res = await fx.call(
        handler,
        {
          vocabulary_id: word(3),
          was_correct: answers[i],
          session_id: null,
          client_answer_id: randomUUID(),
          answered_at: at.toISOString(),
        },
        cili.token,
      );
      expect(res.status).toBe(200);
      expected = reviewItem(
        expected ?? newWordProgress(at),
        { correct: answers[i] ?? false, durationMs: null },
        at,
        { cardId: skillCardId(cili.id, word(3), 'recognition') },
      ).progress;
    }
    const stored = await cili.client
      .from('user_vocabulary_progress')
      .select('due, reps, lapses, times_seen, times_correct, last_review')
      .eq('vocabulary_id', word(3))
      .eq('skill', 'recognition')
      .single();
    expect(stored.data).toMatchObject({ reps: 3, times_seen: 3, times_correct: 2 });
    expect(new Date(stored.data?.due ?? 0).getTime()).toBe(expected?.due.getTime());
    expect(new Date(stored.data?.last_review ?? 0).getTime()).toBe(times[2]?.getTime());
    const log = await cili.client
      .from('review_log')
      .select('reviewed_at')
      .eq('vocabulary_id', word(3))
      .order('reviewed_at');
    expect(log.data?.map((r) => new Date(r.reviewed_at).getTime())).toEqual(
      times.map((t) => t.getTime()),
    );
  });

  it('returns 409 for an answer older than the word’s last review', async () => {
    const res = await fx.call(
      handler,
      {
        vocabulary_id: word(3),
        was_correct: true,
        answered_at: new Date(Date.now() - 2 * HOUR_MS).toISOString(),
      },
      cili.token,
    );
    expect(res.status).toBe(409);
  });

  it('returns 400 for answer times out of range or malformed', async () => {
    for (const answeredAt of [
      new Date(Date.now() - 8 * 24 * HOUR_MS).toISOString(),
      new Date(Date.now() + HOUR_MS).toISOString(),
      'yesterday',
      12345,
    ]) {
      const res = await fx.call(
        handler,
        { vocabulary_id: word(2), was_correct: true, answered_at: answeredAt },
        cili.token,
      );
      expect(res.status).toBe(400);
    }
    const row = await cili.client
      .from('user_vocabulary_progress')
      .select('times_seen')
      .eq('vocabulary_id', word(2))
      .eq('skill', 'recognition')
      .single();
    expect(row.data?.times_seen).toBe(1);
  });

  it('returns 404 for a word of an unpublished lesson', async () => {
    const res = await fx.call(handler, { vocabulary_id: draftWord, was_correct: true }, anna.token);
    expect(res.status).toBe(404);
  });

  it('returns 403 for a word of a lesson whose audio the learner has not finished', async () => {
    const res = await fx.call(
      handler,
      { vocabulary_id: lockedWord, was_correct: true },
      anna.token,
    );
    expect(res.status).toBe(403);
    const rows = await fx.service
      .from('user_vocabulary_progress')
      .select('id')
      .eq('vocabulary_id', lockedWord);
    expect(rows.data).toEqual([]);
  });

  it('returns 400 for a missing was_correct and 401 without a verified user', async () => {
    const bad = await fx.call(handler, { vocabulary_id: word(0) }, anna.token);
    expect(bad.status).toBe(400);
    const anon = await fx.call(handler, { vocabulary_id: word(0), was_correct: true });
    expect(anon.status).toBe(401);
    const service = await fx.call(
      handler,
      { vocabulary_id: word(0), was_correct: true },
      fx.env.SUPABASE_SERVICE_ROLE_KEY,
    );
    expect(service.status).toBe(401);
    // Anna's token with Bence's id in the payload: the signature no longer matches.
    const [header, payload, signature] = anna.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: bence.id })).toString('base64url'),
      signature,
    ].join('.');
    const spoofed = await fx.call(handler, { vocabulary_id: word(1), was_correct: true }, forged);
    expect(spoofed.status).toBe(401);
    const bences = await fx.service
      .from('user_vocabulary_progress')
      .select('id')
      .eq('user_id', bence.id)
      .eq('vocabulary_id', word(1));
    expect(bences.data).toEqual([]);
  });

  it('returns the answer fields parsed, with the spec body still valid', () => {
    const id = randomUUID();
    expect(parseAnswer({ vocabulary_id: id, was_correct: false, session_id: null })).toEqual({
      item: { kind: 'vocabulary', id },
      input: { skill: 'recognition', correct: false },
      durationMs: null,
      sessionId: null,
      clientAnswerId: null,
      answeredAt: null,
    });
    expect(
      parseAnswer({
        vocabulary_id: id,
        was_correct: true,
        response_time_ms: 9_999_999,
        client_answer_id: id,
        answered_at: '2026-11-20T10:00:00Z',
      }),
    ).toMatchObject({
      durationMs: 3_600_000,
      clientAnswerId: id,
      answeredAt: new Date('2026-11-20T10:00:00Z'),
    });
    expect(() =>
      parseAnswer({ vocabulary_id: id, was_correct: true, client_answer_id: 'x' }),
    ).toThrow('client_answer_id must be a uuid');
    expect(() =>
      parseAnswer({ vocabulary_id: id, was_correct: true, response_time_ms: -1 }),
    ).toThrow('response_time_ms must be a positive number');
  });
});
