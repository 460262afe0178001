import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLesson,
  badTokens,
  finishAudio,
  startFunctionsFixture,
} from '../../tests/functions/fixture.ts';
import type { FunctionsFixture, Handler, TestUser } from '../../tests/functions/fixture.ts';
import { handler as generateLessonImage } from './generate-lesson-image/handler.ts';
import { handler as getDueWords } from './get-due-words/handler.ts';
import { handler as getInterleavedWords } from './get-interleaved-words/handler.ts';
import { handler as recordWordResult } from './record-word-result/handler.ts';

// verify_jwt is off for every function (supabase/config.toml says why), so each one must refuse
// a bad token itself: a token that names a real user (an admin for the image) but is signed with
// another key, unsigned, or expired gets 401 from the function and changes nothing. The same
// call with the user's real token succeeds, so the refusal is about the token.

type Case = {
  name: string;
  handler: Handler;
  caller: 'learner' | 'admin';
  body(): Record<string, unknown>;
  /** What the call could change, read with the service role (compared before and after). */
  effect(): Promise<unknown>;
};

describe('the functions verify the caller themselves', () => {
  let fx: FunctionsFixture;
  let learner: TestUser;
  let admin: TestUser;
  let lessonId = '';
  let wordId = '';

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    learner = await fx.signUp('learner@test.local');
    admin = await fx.signUp('admin@test.local', { admin: true });
    const lesson = await addLesson(fx, 1, [
      ['szia', 'hi'],
      ['kávé', 'coffee'],
    ]);
    lessonId = lesson.lessonId;
    wordId = lesson.wordIds[0] ?? '';
    // A lesson's words are answered once its audio is done (record_answer checks it).
    await finishAudio(learner, lessonId);
  }, 180_000);

  afterAll(async () => {
    await fx.stop();
  });

  const nothing = () => Promise.resolve(null);
  const cases: Case[] = [
    {
      name: 'get-due-words',
      handler: getDueWords,
      caller: 'learner',
      body: () => ({ limit: 20, include_overdue: true }),
      effect: nothing,
    },
    {
      name: 'get-interleaved-words',
      handler: getInterleavedWords,
      caller: 'learner',
      body: () => ({ current_lesson_id: lessonId, new_word_count: 12, review_word_count: 8 }),
      effect: nothing,
    },
    {
      name: 'record-word-result',
      handler: recordWordResult,
      caller: 'learner',
      body: () => ({ vocabulary_id: wordId, was_correct: true, session_id: null }),
      effect: async () => {
        const progress = await fx.service
          .from('user_vocabulary_progress')
          .select('reps, times_seen, due')
          .eq('user_id', learner.id);
        const log = await fx.service.from('review_log').select('id').eq('user_id', learner.id);
        if (progress.error) throw progress.error;
        if (log.error) throw log.error;
        return { progress: progress.data, reviews: log.data.length };
      },
    },
    {
      name: 'generate-lesson-image',
      handler: generateLessonImage,
      caller: 'admin',
      body: () => ({
        lessonTitle: 'Hamisított kép',
        lessonDescription: '',
        lessonLevel: 'beginner',
        transcriptPreview: '',
      }),
      effect: async () => {
        const listed = await fx.service.storage.from('lesson-images').list('generated');
        if (listed.error) throw listed.error;
        return listed.data.map((o) => o.name);
      },
    },
  ];

  describe.each(cases)('$name', (c) => {
    const user = () => (c.caller === 'admin' ? admin : learner);

    it.each(['forged', 'unsigned', 'expired'] as const)(
      'returns 401 not_authenticated for a %s token naming a real user, and changes nothing',
      async (kind) => {
        const before = await c.effect();
        const res = await fx.call(
          c.handler,
          c.body(),
          badTokens(fx.server.ctx.keys.jwtSecret, user())[kind],
        );
        expect(res.status).toBe(401);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body.code).toBe('not_authenticated');
        expect(Object.keys(body).sort()).toEqual(['code', 'message']);
        expect(await c.effect()).toEqual(before);
      },
    );

    it('returns 200 for the same call with the real token', async () => {
      const res = await fx.call(c.handler, c.body(), user().token);
      expect(res.status).toBe(200);
    });
  });
});
