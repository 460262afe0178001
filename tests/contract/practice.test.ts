import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { mulberry32 } from '@magyarul/core/flashcards';
import { DEFAULT_WEIGHTS, simulateLearner, weightsAround } from '@magyarul/core/srs';
import { fitLearners } from '@magyarul/local/fsrs-fit';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer } from './setup/server.ts';
import type { TestServer } from './setup/server.ts';

// Practice through unmodified supabase-js on PGlite and PostgreSQL 15 (issue 30): answers of
// every skill through functions.invoke('record-word-result'), the practice reads as RPCs with
// their generated types, the learner's scheduling choices on the profile, the per-skill and
// per-line progress tables read under RLS, and the per-learner FSRS fit run with the service key
// as the embedded scheduler and the hosted job run it.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
type Client = SupabaseClient<Database>;

const LESSON = randomUUID();
const FIT_LESSON = randomUUID();
const JO = randomUUID();
const OT = randomUUID();
const LINE = randomUUID();
const FIT_CARDS = 200;

async function ok<T>(query: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(JSON.stringify(error));
  if (data === null) throw new Error('no data');
  return data;
}

async function run(query: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await query;
  if (error) throw new Error(JSON.stringify(error));
}

describe.each(BACKENDS)('practice on %s', (backend) => {
  let server: TestServer;
  let service: Client;
  let anon: Client;
  const learners = {} as Record<'a' | 'b', { id: string; client: Client }>;

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    const { anonKey, serviceRoleKey } = server.ctx.keys;
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    service = createClient<Database>(server.url, serviceRoleKey, options);
    anon = createClient<Database>(server.url, anonKey, options);
    for (const who of ['a', 'b'] as const) {
      const signup = await createClient<Database>(server.url, anonKey, options).auth.signUp({
        email: `${who}-${backend}@practice.test`,
        password: 'magyarul-practice',
      });
      if (signup.error || !signup.data.session || !signup.data.user) throw signup.error;
      learners[who] = {
        id: signup.data.user.id,
        client: createClient<Database>(server.url, anonKey, {
          ...options,
          global: { headers: { Authorization: `Bearer ${signup.data.session.access_token}` } },
        }),
      };
    }
    await run(
      service.from('lessons').insert([
        {
          id: LESSON,
          lesson_number: 1,
          title: 'Lecke 1',
          is_published: true,
          audio_url: 'l/1.mp3',
        },
        { id: FIT_LESSON, lesson_number: 2, title: 'Lecke 2', is_published: true },
      ]),
    );
    await run(
      service.from('lesson_vocabulary').insert([
        { id: JO, lesson_id: LESSON, word_hu: 'jó', word_en: 'good', audio_file_path: 'w/jo.mp3' },
        { id: OT, lesson_id: LESSON, word_hu: 'öt', word_en: 'five' },
      ]),
    );
    await run(
      service.from('lesson_transcript').insert({
        id: LINE,
        lesson_id: LESSON,
        line_number: 1,
        speaker: 'anna',
        text_content: 'Öt kávét kérek.',
        start_time: 0.5,
        end_time: 2.5,
        translation_en: 'Five coffees, please.',
      }),
    );
    await run(
      service.from('user_lesson_progress').insert({
        user_id: learners.a.id,
        lesson_id: LESSON,
        audio_completed: true,
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const answer = (who: 'a' | 'b', body: Record<string, unknown>) =>
    learners[who].client.functions.invoke<{ rating: number; correct: boolean }>(
      'record-word-result',
      { body },
    );

  it('returns nothing of anyone’s practice to anonymous callers', async () => {
    expect((await anon.rpc('get_due_items')).error?.code).toBe('42501');
    expect((await anon.rpc('get_skill_summary')).error?.code).toBe('42501');
    expect(await ok(anon.from('user_line_progress').select('id'))).toEqual([]);
    expect(await ok(anon.from('learner_fsrs_parameters').select('user_id'))).toEqual([]);
    const { error } = await anon.functions.invoke('record-word-result', {
      body: { vocabulary_id: JO, skill: 'recall', answer: 'jó' },
    });
    expect(error).not.toBeNull();
  });

  it('returns each skill’s answers graded by the server and kept in their own state', async () => {
    const closed = await answer('a', { vocabulary_id: JO, skill: 'recall', answer: 'jó' });
    expect(closed.error).not.toBeNull();
    expect((await answer('a', { vocabulary_id: JO, was_correct: true })).data?.rating).toBe(3);
    const forged = await answer('a', {
      vocabulary_id: JO,
      skill: 'recall',
      answer: 'jo',
      was_correct: true,
    });
    expect(forged.data).toMatchObject({ rating: 1, correct: false });
    const rows = await ok(
      learners.a.client
        .from('user_vocabulary_progress')
        .select('skill, reps, times_correct')
        .eq('vocabulary_id', JO)
        .order('skill'),
    );
    expect(rows).toEqual([
      { skill: 'recognition', reps: 1, times_correct: 1 },
      { skill: 'recall', reps: 1, times_correct: 0 },
      { skill: 'listening', reps: 0, times_correct: 0 },
    ]);
    expect(await ok(learners.b.client.from('user_vocabulary_progress').select('id'))).toEqual([]);
  });

  it('returns the lesson’s lines once its flashcards are passed, with what their cards need', async () => {
    expect(await ok(learners.a.client.rpc('get_practice_items', { _lesson_id: LESSON }))).toSatisfy(
      (items: { kind: string }[]) => items.every((i) => i.kind === 'word'),
    );
    await run(
      service
        .from('user_lesson_progress')
        .update({
          flashcard_passed: true,
          is_completed: true,
          completed_at: new Date().toISOString(),
        })
        .eq('user_id', learners.a.id)
        .eq('lesson_id', LESSON),
    );
    const lines = (
      await ok(learners.a.client.rpc('get_practice_items', { _lesson_id: LESSON }))
    ).filter((i) => i.kind === 'line');
    expect(
      lines.map((l) => [l.skill, l.text_content, l.start_time, l.audio_url, l.is_new]),
    ).toEqual([
      ['dictation', 'Öt kávét kérek.', 0.5, 'l/1.mp3', true],
      ['speaking', 'Öt kávét kérek.', 0.5, 'l/1.mp3', true],
    ]);
    const dictation = await answer('a', {
      line_id: LINE,
      skill: 'dictation',
      answer: 'öt kávét kérek',
    });
    expect(dictation.data).toMatchObject({ rating: 3, correct: true });
    expect(
      await ok(learners.a.client.from('user_line_progress').select('skill, reps').order('skill')),
    ).toEqual([
      { skill: 'dictation', reps: 1 },
      { skill: 'speaking', reps: 0 },
    ]);
    expect(await ok(learners.b.client.from('user_line_progress').select('id'))).toEqual([]);
  });

  it('returns due and new items, the skill summary and the forecast as typed rows', async () => {
    const items = await ok(learners.a.client.rpc('get_due_items', { _limit: 20, _new_limit: 10 }));
    expect(
      items
        .filter((i) => i.is_new)
        .map((i) => `${i.kind}:${i.skill}`)
        .sort(),
      // (No new recognition item: a word's recognition card comes with its first answer, in its
      // lesson's session; due means answered, issue 29 point 4.)
    ).toEqual(['line:speaking', 'word:listening']);
    const summary = await ok(learners.a.client.rpc('get_skill_summary'));
    expect(summary.map((s) => s.skill)).toEqual([
      'recognition',
      'recall',
      'listening',
      'dictation',
      'speaking',
    ]);
    expect(summary.find((s) => s.skill === 'recognition')).toMatchObject({ items: 1, known: 1 });
    const forecast = await ok(learners.a.client.rpc('get_due_forecast', { _days: 7 }));
    expect(forecast).toHaveLength(7);
    expect(typeof forecast[0]?.due).toBe('number');
    expect(await ok(learners.b.client.rpc('get_due_items'))).toEqual([]);
  });

  it('returns the learner’s retention and daily new items as numbers, within their bounds', async () => {
    const a = learners.a.client;
    await run(
      a
        .from('profiles')
        .update({ desired_retention: 0.85, new_items_per_day: 25 })
        .eq('user_id', learners.a.id),
    );
    expect(await ok(a.from('profiles').select('desired_retention, new_items_per_day'))).toEqual([
      { desired_retention: 0.85, new_items_per_day: 25 },
    ]);
    const tooHigh = await a
      .from('profiles')
      .update({ desired_retention: 0.99 })
      .eq('user_id', learners.a.id);
    expect(tooHigh.error?.code).toBe('23514');
    const other = await a
      .from('profiles')
      .update({ desired_retention: 0.8 })
      .eq('user_id', learners.b.id)
      .select('user_id');
    expect(other.data).toEqual([]);
  });

  it('returns a fit stored for a learner with enough reviews, readable by them alone', async () => {
    // Learner B's history: a simulated learner far from the defaults, in the review log.
    const words = Array.from({ length: FIT_CARDS }, (_, i) => ({
      id: randomUUID(),
      lesson_id: FIT_LESSON,
      word_hu: `szó ${i}`,
      word_en: `word ${i}`,
    }));
    await run(service.from('lesson_vocabulary').insert(words));
    const random = mulberry32(7);
    const trueWeights = weightsAround(random, 0.5);
    for (let i = 0; i < 4; i++) trueWeights[i] = (DEFAULT_WEIGHTS[i] as number) * 4;
    const log = simulateLearner({
      random,
      trueWeights,
      cards: FIT_CARDS,
      newPerDay: 10,
      maxReviews: 3000,
      days: 150,
      start: new Date(Date.now() - 151 * 86_400_000),
    });
    const rows = log.map((entry) => ({
      user_id: learners.b.id,
      vocabulary_id: words[Number(entry.cardId.slice('card-'.length))]?.id ?? '',
      rating: entry.rating,
      state: 2,
      due: entry.reviewedAt.toISOString(),
      stability: 1,
      difficulty: 5,
      was_correct: entry.rating > 1,
      reviewed_at: entry.reviewedAt.toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await run(service.from('review_log').insert(rows.slice(i, i + 500)));
    }
    expect(rows.length).toBeGreaterThan(1000);

    const report = await fitLearners(service, { timeoutMs: 20_000 });
    expect(report.failed).toEqual([]);
    const mine = report.learners.find((l) => l.userId === learners.b.id);
    expect(mine?.fit.status).toBe('fitted');
    expect(report.learners.some((l) => l.userId === learners.a.id)).toBe(false);

    const stored = await ok(
      learners.b.client
        .from('learner_fsrs_parameters')
        .select('parameters, review_count, item_count, log_loss_default, log_loss_fitted'),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.parameters).toHaveLength(21);
    expect(stored[0]?.review_count).toBe(rows.length);
    expect(stored[0]?.item_count).toBeGreaterThanOrEqual(400);
    // Both predictions of the held-out reviews are kept; the fit is used only when it won.
    const { log_loss_default: byDefaults, log_loss_fitted: byFit } = stored[0] ?? {};
    expect(byDefaults).toBeGreaterThan(0);
    expect(byFit).toBeGreaterThan(0);
    expect(mine?.fit.status === 'fitted' && mine.fit.useFitted).toBe(
      (byFit ?? 1) < (byDefaults ?? 0),
    );
    expect(await ok(learners.a.client.from('learner_fsrs_parameters').select('user_id'))).toEqual(
      [],
    );
    const forged = await learners.b.client
      .from('learner_fsrs_parameters')
      .update({ log_loss_fitted: 0 })
      .eq('user_id', learners.b.id);
    expect(forged.error?.code).toBe('42501');

    // Nothing new since: the next run leaves B alone.
    expect((await fitLearners(service)).learners).toEqual([]);
  }, 120_000);
});
