import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLesson,
  completeLesson,
  startFunctionsFixture,
} from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler } from './handler.ts';
import type { DueWord } from './handler.ts';

describe('get-due-words', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let bence: TestUser;
  let lesson1: { lessonId: string; wordIds: string[] };
  let lesson2: { lessonId: string; wordIds: string[] };

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    anna = await fx.signUp('anna@test.local');
    bence = await fx.signUp('bence@test.local');
    lesson1 = await addLesson(fx, 1, [
      ['szia', 'hi'],
      ['köszönöm', 'thank you'],
      ['kör', 'circle'],
    ]);
    lesson2 = await addLesson(fx, 2, [['kávé', 'coffee']]);
    await completeLesson(fx, anna, lesson1.lessonId, new Date(Date.now() - 60_000));
    // Anna has answered 'kör' and it is due tomorrow: not in the queue.
    const future = await fx.service.from('user_vocabulary_progress').upsert(
      {
        user_id: anna.id,
        vocabulary_id: lesson1.wordIds[2] ?? '',
        due: new Date(Date.now() + 86_400_000).toISOString(),
        times_seen: 1,
        times_correct: 1,
        state: 2,
      },
      { onConflict: 'user_id,vocabulary_id,skill' },
    );
    if (future.error) throw future.error;
    // 'szia' is long overdue: first in the queue.
    const overdue = await fx.service.from('user_vocabulary_progress').upsert(
      {
        user_id: anna.id,
        vocabulary_id: lesson1.wordIds[0] ?? '',
        due: new Date(Date.now() - 5 * 86_400_000).toISOString(),
        times_seen: 3,
        times_correct: 2,
        state: 2,
      },
      { onConflict: 'user_id,vocabulary_id,skill' },
    );
    if (overdue.error) throw overdue.error;
    // szia is translated into both languages, köszönöm into Spanish only.
    const translated = await fx.service
      .from('lesson_vocabulary')
      .update({ word_de: 'hallo', word_es: 'hola' })
      .eq('id', lesson1.wordIds[0] ?? '');
    if (translated.error) throw translated.error;
    const spanishOnly = await fx.service
      .from('lesson_vocabulary')
      .update({ word_es: 'gracias' })
      .eq('id', lesson1.wordIds[1] ?? '');
    if (spanishOnly.error) throw spanishOnly.error;
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  it('returns the due words of completed lessons, most overdue first', async () => {
    const res = await fx.call(handler, { limit: 20, include_overdue: true }, anna.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { words: DueWord[] };
    expect(body.words.map((w) => w.word_hu)).toEqual(['szia', 'köszönöm']);
    expect(body.words[0]).toMatchObject({
      vocabulary_id: lesson1.wordIds[0],
      word_en: 'hi',
      difficulty: 'beginner',
      audio_file_path: null,
    });
    expect(body.words.some((w) => w.vocabulary_id === lesson2.wordIds[0])).toBe(false);
  });

  it('returns the German and Spanish meanings beside English, null where not translated', async () => {
    const res = await fx.call(handler, { limit: 20, include_overdue: true }, anna.token);
    const body = (await res.json()) as { words: DueWord[] };
    expect(body.words.map((w) => [w.word_hu, w.word_en, w.word_de, w.word_es])).toEqual([
      ['szia', 'hi', 'hallo', 'hola'],
      ['köszönöm', 'thank you', null, 'gracias'],
    ]);
  });

  it('returns the same queue through /functions/v1 with supabase-js functions.invoke', async () => {
    const { data, error } = await anna.client.functions.invoke<{ words: DueWord[] }>(
      'get-due-words',
      { body: { limit: 20, include_overdue: true } },
    );
    expect(error).toBeNull();
    expect(data?.words.map((w) => w.word_hu)).toEqual(['szia', 'köszönöm']);
  });

  it('returns only words due today without include_overdue', async () => {
    const res = await fx.call(handler, { include_overdue: false }, anna.token);
    const body = (await res.json()) as { words: DueWord[] };
    expect(body.words.map((w) => w.word_hu)).not.toContain('szia');
  });

  it('returns at most limit words', async () => {
    const res = await fx.call(handler, { limit: 1 }, anna.token);
    const body = (await res.json()) as { words: DueWord[] };
    expect(body.words).toHaveLength(1);
  });

  it('returns an empty queue to a learner without completed lessons', async () => {
    const res = await fx.call(handler, {}, bence.token);
    expect(await res.json()).toEqual({ words: [] });
  });

  it('returns 401 without a signed-in user', async () => {
    const res = await fx.call(handler, {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('returns 400 for a bad limit', async () => {
    const res = await fx.call(handler, { limit: 0 }, anna.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_argument' });
  });

  it('returns 204 with CORS headers to a preflight', async () => {
    const res = await fx.call(handler, null, null, 'OPTIONS');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});
