import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLesson, startFunctionsFixture } from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler } from './handler.ts';
import type { RecordedProgress } from './handler.ts';

describe('record-word-result', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let bence: TestUser;
  let words: string[];
  let draftWord: string;

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    anna = await fx.signUp('anna@test.local');
    bence = await fx.signUp('bence@test.local');
    words = (
      await addLesson(fx, 1, [
        ['szia', 'hi'],
        ['kör', 'circle'],
      ])
    ).wordIds;
    draftWord = (await addLesson(fx, 2, [['titok', 'secret']], false)).wordIds[0] ?? '';
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  it('returns the next FSRS state and logs the review in the same transaction', async () => {
    const sessionId = randomUUID();
    const res = await fx.call(
      handler,
      { vocabulary_id: words[0], was_correct: true, session_id: sessionId, response_time_ms: 1800 },
      anna.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { progress: RecordedProgress; rating: number };
    expect(body.rating).toBe(3);
    expect(body.progress).toMatchObject({ times_seen: 1, times_correct: 1, reps: 1 });
    expect(new Date(body.progress.due).getTime()).toBeGreaterThan(Date.now());

    const log = await anna.client
      .from('review_log')
      .select('*')
      .eq('vocabulary_id', words[0] ?? '');
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
      { vocabulary_id: words[1], was_correct: false },
      anna.token,
    );
    const body = (await first.json()) as { progress: RecordedProgress; rating: number };
    expect(body.rating).toBe(1);
    expect(body.progress).toMatchObject({ times_seen: 1, times_correct: 0 });
    const second = await fx.call(
      handler,
      { vocabulary_id: words[1], was_correct: true, session_id: null },
      anna.token,
    );
    const next = (await second.json()) as { progress: RecordedProgress };
    expect(next.progress).toMatchObject({ times_seen: 2, times_correct: 1, reps: 2 });
  });

  it('returns each answer of concurrent calls for the same word counted once', async () => {
    const results = await Promise.all(
      [true, false, true].map((correct) =>
        fx.call(handler, { vocabulary_id: words[0], was_correct: correct }, bence.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await bence.client
      .from('user_vocabulary_progress')
      .select('times_seen, times_correct, reps')
      .eq('vocabulary_id', words[0] ?? '')
      .single();
    expect(row.data).toEqual({ times_seen: 3, times_correct: 2, reps: 3 });
    const log = await bence.client.from('review_log').select('id');
    expect(log.data).toHaveLength(3);
  });

  it('returns progress only to its owner', async () => {
    const rows = await bence.client.from('user_vocabulary_progress').select('user_id');
    expect(new Set(rows.data?.map((r) => r.user_id))).toEqual(new Set([bence.id]));
  });

  it('returns 404 for a word of an unpublished lesson', async () => {
    const res = await fx.call(handler, { vocabulary_id: draftWord, was_correct: true }, anna.token);
    expect(res.status).toBe(404);
  });

  it('returns 400 for a missing was_correct and 401 without a user', async () => {
    const bad = await fx.call(handler, { vocabulary_id: words[0] }, anna.token);
    expect(bad.status).toBe(400);
    const anon = await fx.call(handler, { vocabulary_id: words[0], was_correct: true });
    expect(anon.status).toBe(401);
  });
});
