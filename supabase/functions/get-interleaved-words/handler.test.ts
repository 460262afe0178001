import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLesson,
  completeLesson,
  startFunctionsFixture,
} from '../../../tests/functions/fixture.ts';
import type { FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler } from './handler.ts';
import type { SessionWord } from './handler.ts';

describe('get-interleaved-words', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let lesson1: { lessonId: string; wordIds: string[] };
  let lesson2: { lessonId: string; wordIds: string[] };

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    anna = await fx.signUp('anna@test.local');
    lesson1 = await addLesson(
      fx,
      1,
      Array.from({ length: 10 }, (_, i) => [`régi${i}`, `old ${i}`] as const),
    );
    lesson2 = await addLesson(
      fx,
      2,
      Array.from({ length: 14 }, (_, i) => [`új${i}`, `new ${i}`] as const),
    );
    await completeLesson(fx, anna, lesson1.lessonId, new Date(Date.now() - 60_000));
    // Every word of both lessons in German; Spanish only for the new lesson.
    for (const [ids, es] of [
      [lesson1.wordIds, false],
      [lesson2.wordIds, true],
    ] as const) {
      for (const [i, id] of ids.entries()) {
        const { error } = await fx.service
          .from('lesson_vocabulary')
          .update({ word_de: `Wort ${i}`, word_es: es ? `palabra ${i}` : null })
          .eq('id', id);
        if (error) throw error;
      }
    }
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  it('returns 12 new words of the current lesson interleaved with 8 due review words', async () => {
    const res = await fx.call(handler, { current_lesson_id: lesson2.lessonId }, anna.token);
    expect(res.status).toBe(200);
    const { words } = (await res.json()) as { words: SessionWord[] };
    expect(words).toHaveLength(20);
    expect(words.filter((w) => !w.is_review)).toHaveLength(12);
    expect(words.filter((w) => w.is_review)).toHaveLength(8);
    expect(words.filter((w) => !w.is_review).every((w) => w.lesson_id === lesson2.lessonId)).toBe(
      true,
    );
    expect(words.filter((w) => w.is_review).every((w) => w.lesson_id === lesson1.lessonId)).toBe(
      true,
    );
    // Interleaved, not two blocks.
    expect(words.slice(0, 5).some((w) => w.is_review)).toBe(true);
    expect(new Set(words.map((w) => w.vocabulary_id)).size).toBe(20);
  });

  it('returns new and review words with their German and Spanish meanings', async () => {
    const res = await fx.call(handler, { current_lesson_id: lesson2.lessonId }, anna.token);
    const { words } = (await res.json()) as { words: SessionWord[] };
    for (const w of words) {
      const i = /\d+$/.exec(w.word_hu)?.[0];
      expect(w.word_de).toBe(`Wort ${i}`);
      expect(w.word_es).toBe(w.is_review ? null : `palabra ${i}`);
    }
  });

  it('returns the requested counts', async () => {
    const res = await fx.call(
      handler,
      { current_lesson_id: lesson2.lessonId, new_word_count: 3, review_word_count: 2 },
      anna.token,
    );
    const { words } = (await res.json()) as { words: SessionWord[] };
    expect(words.filter((w) => !w.is_review)).toHaveLength(3);
    expect(words.filter((w) => w.is_review)).toHaveLength(2);
  });

  it('returns only lesson words when nothing is due', async () => {
    const res = await fx.call(handler, { current_lesson_id: lesson1.lessonId }, anna.token);
    const { words } = (await res.json()) as { words: SessionWord[] };
    expect(words).toHaveLength(10);
    expect(words.every((w) => w.lesson_id === lesson1.lessonId)).toBe(true);
  });

  it('returns 404 for an unknown lesson and 400 without current_lesson_id', async () => {
    const missing = await fx.call(
      handler,
      { current_lesson_id: '00000000-0000-0000-0000-000000000000' },
      anna.token,
    );
    expect(missing.status).toBe(404);
    const bad = await fx.call(handler, {}, anna.token);
    expect(bad.status).toBe(400);
  });
});
