import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer } from './setup/server.ts';
import type { TestServer } from './setup/server.ts';

// The role × table × operation matrix of the app schema through /rest/v1 with unmodified
// supabase-js, on PGlite and on PostgreSQL 15: anonymous, learner A, learner B and an admin
// against every public table, for select, insert, update and delete. The pgTAP files test the
// same policies inside the database; this proves they hold through the HTTP API.

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
type Client = SupabaseClient<Database>;
type Role = 'anon' | 'learnerA' | 'learnerB' | 'admin';
const ROLES: Role[] = ['anon', 'learnerA', 'learnerB', 'admin'];

const PUBLISHED = randomUUID();
const DRAFT = randomUUID();
const WORD = randomUUID();
const DRAFT_WORD = randomUUID();

type Ctx = { ids: Record<Role | 'learnerC', string>; service: Client };

type TableCase = {
  table: Extract<keyof Database['public']['Tables'], string>;
  /** Rows each role sees after the fixture. */
  visible: Record<Role, number>;
  /** A row the role tries to insert (as itself); whether that is allowed. */
  insert: (ctx: Ctx, role: Role) => Record<string, unknown>;
  /** true: inserted; false: refused by RLS (42501); a SQLSTATE: passes RLS, then that error. */
  canInsert: Record<Role, boolean | string>;
  /** Update/delete target: a row owned by learner A (or the published content row). */
  target: (ctx: Ctx) => Promise<{ column: string; value: string }>;
  update: Record<string, unknown>;
  canUpdate: Record<Role, boolean>;
  canDelete: Record<Role, boolean>;
  /**
   * Learner progress is written only through the procedures (progress-procedures below): the
   * API roles hold no insert, update or delete privilege, so every such write is refused with
   * 42501 instead of matching no row.
   */
  readOnly?: true;
};

const none = { anon: false, learnerA: false, learnerB: false, admin: false };
const adminOnly = { ...none, admin: true };
const ownerOnly = { ...none, learnerA: true };
const signedIn = { anon: false, learnerA: true, learnerB: true, admin: true };

async function one(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<void> {
  const { error } = await query;
  if (error) throw new Error(JSON.stringify(error));
}

async function freshLesson(ctx: Ctx, published = true): Promise<string> {
  const id = randomUUID();
  await one(
    ctx.service
      .from('lessons')
      .insert({ id, title: `Lecke ${id.slice(0, 8)}`, is_published: published }),
  );
  return id;
}

const CASES: TableCase[] = [
  {
    table: 'lessons',
    visible: { anon: 1, learnerA: 1, learnerB: 1, admin: 2 },
    insert: () => ({ title: 'Új lecke', level: 'beginner' }),
    canInsert: adminOnly,
    target: async (ctx) => ({ column: 'id', value: await freshLesson(ctx) }),
    update: { title: 'Átnevezett lecke' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'lesson_transcript',
    visible: { anon: 1, learnerA: 1, learnerB: 1, admin: 2 },
    insert: () => ({
      lesson_id: PUBLISHED,
      line_number: 50 + Math.floor(Math.random() * 1e6),
      speaker: 'narrator',
      text_content: 'Halló!',
    }),
    canInsert: adminOnly,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('lesson_transcript').insert({
          id,
          lesson_id: await freshLesson(ctx),
          line_number: 1,
          speaker: 'anna',
          text_content: 'Szia!',
        }),
      );
      return { column: 'id', value: id };
    },
    update: { text_content: 'Sziasztok!' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'lesson_vocabulary',
    visible: { anon: 1, learnerA: 1, learnerB: 1, admin: 2 },
    insert: () => ({
      lesson_id: PUBLISHED,
      word_hu: 'kör',
      word_en: 'circle',
      difficulty: 'advanced',
    }),
    canInsert: adminOnly,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service
          .from('lesson_vocabulary')
          .insert({ id, lesson_id: await freshLesson(ctx), word_hu: 'kör', word_en: 'circle' }),
      );
      return { column: 'id', value: id };
    },
    update: { difficulty: 'intermediate' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'user_lesson_progress',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 2 },
    insert: (ctx, role) => ({
      user_id: ctx.ids[role],
      lesson_id: PUBLISHED,
      audio_completed: true,
      flashcard_score: 999999,
      is_completed: true,
    }),
    canInsert: none,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service
          .from('user_lesson_progress')
          .insert({ id, user_id: ctx.ids.learnerA, lesson_id: await freshLesson(ctx) }),
      );
      return { column: 'id', value: id };
    },
    update: { audio_completed: true, is_completed: true },
    canUpdate: none,
    canDelete: none,
    readOnly: true,
  },
  {
    table: 'user_vocabulary_progress',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 2 },
    insert: (ctx, role) => ({ user_id: ctx.ids[role], vocabulary_id: DRAFT_WORD, times_seen: 1 }),
    canInsert: none,
    target: async (ctx) => {
      const id = randomUUID();
      const word = randomUUID();
      await one(
        ctx.service
          .from('lesson_vocabulary')
          .insert({ id: word, lesson_id: PUBLISHED, word_hu: 'ház', word_en: 'house' }),
      );
      await one(
        ctx.service
          .from('user_vocabulary_progress')
          .insert({ id, user_id: ctx.ids.learnerA, vocabulary_id: word }),
      );
      return { column: 'id', value: id };
    },
    update: { times_seen: 100000, times_correct: 1 },
    canUpdate: none,
    canDelete: none,
    readOnly: true,
  },
  {
    table: 'review_log',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 2 },
    insert: (ctx, role) => ({
      user_id: ctx.ids[role],
      vocabulary_id: WORD,
      rating: 3,
      state: 0,
      due: new Date().toISOString(),
      stability: 1,
      difficulty: 5,
      was_correct: true,
      reviewed_at: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    }),
    canInsert: none,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('review_log').insert({
          id,
          user_id: ctx.ids.learnerA,
          vocabulary_id: WORD,
          rating: 1,
          state: 0,
          due: new Date().toISOString(),
          stability: 0,
          difficulty: 0,
          was_correct: false,
        }),
      );
      return { column: 'id', value: id };
    },
    update: { rating: 4 },
    canUpdate: none,
    canDelete: none,
    readOnly: true,
  },
  {
    table: 'flashcard_sessions',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 2 },
    insert: (ctx, role) => ({
      user_id: ctx.ids[role],
      lesson_id: null,
      total_cards: 20,
      correct_answers: 17,
      accuracy: 85,
      session_completed: true,
      completed_at: new Date().toISOString(),
    }),
    canInsert: none,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service
          .from('flashcard_sessions')
          .insert({ id, user_id: ctx.ids.learnerA, total_cards: 1, correct_answers: 1 }),
      );
      return { column: 'id', value: id };
    },
    update: { correct_answers: 0 },
    canUpdate: none,
    canDelete: none,
    readOnly: true,
  },
  {
    table: 'user_feedback',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 2 },
    insert: (ctx, role) => ({
      user_id: ctx.ids[role],
      feedback_type: 'general',
      title: 'Szuper',
      description: 'Nagyon tetszik',
      page_url: '/dashboard',
      user_agent: 'vitest',
    }),
    canInsert: signedIn,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('user_feedback').insert({
          id,
          user_id: ctx.ids.learnerA,
          title: 'Bug',
          description: 'Broken',
          feedback_type: 'bug',
        }),
      );
      return { column: 'id', value: id };
    },
    update: { status: 'reviewing' },
    canUpdate: adminOnly,
    canDelete: none,
  },
  {
    table: 'profiles',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 4 },
    insert: (ctx, role) => ({ user_id: ctx.ids[role], name: 'Again' }),
    // Everyone signed in may create their own profile; it exists already (sign-up trigger).
    canInsert: { anon: false, learnerA: '23505', learnerB: '23505', admin: '23505' },
    target: (ctx) => Promise.resolve({ column: 'user_id', value: ctx.ids.learnerA }),
    update: { name: 'Anna Kovács' },
    canUpdate: ownerOnly,
    canDelete: none,
  },
  {
    table: 'user_roles',
    visible: { anon: 0, learnerA: 1, learnerB: 1, admin: 4 },
    // Learner C already has a role: an admin passes RLS and hits the one-role-per-user key.
    insert: (ctx) => ({ user_id: ctx.ids.learnerC, role: 'admin' }),
    canInsert: { ...none, admin: '23505' },
    target: (ctx) => Promise.resolve({ column: 'user_id', value: ctx.ids.learnerC }),
    update: { role: 'admin' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'lesson_qa_reviews',
    visible: { anon: 0, learnerA: 0, learnerB: 0, admin: 1 },
    insert: () => ({ lesson_id: PUBLISHED, qa_notes: 'Rendben', status: 'approved' }),
    canInsert: adminOnly,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('lesson_qa_reviews').insert({ id, lesson_id: PUBLISHED, qa_notes: 'Jó' }),
      );
      return { column: 'id', value: id };
    },
    update: { qa_notes: 'Nagyon jó' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'lesson_files',
    visible: { anon: 0, learnerA: 0, learnerB: 0, admin: 1 },
    insert: () => ({
      lesson_id: PUBLISHED,
      file_name: 'a.mp3',
      file_path: 'l/a.mp3',
      file_type: 'audio',
      mime_type: 'audio/mpeg',
      file_size: 10,
      bucket_id: 'lesson-audio',
    }),
    canInsert: adminOnly,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('lesson_files').insert({
          id,
          lesson_id: PUBLISHED,
          file_name: 'b.wav',
          file_path: 'l/b.wav',
          file_type: 'audio',
          bucket_id: 'lesson-audio',
        }),
      );
      return { column: 'id', value: id };
    },
    update: { file_name: 'c.wav' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
  {
    table: 'tourist_pack_words',
    visible: { anon: 1, learnerA: 1, learnerB: 1, admin: 1 },
    insert: () => ({
      position: 1000 + Math.floor(Math.random() * 1e6),
      word_hu: 'vonat',
      word_en: 'train',
    }),
    canInsert: adminOnly,
    target: async (ctx) => {
      const id = randomUUID();
      await one(
        ctx.service.from('tourist_pack_words').insert({
          id,
          position: 2_000_000 + Math.floor(Math.random() * 1e6),
          word_hu: 'busz',
          word_en: 'bus',
        }),
      );
      return { column: 'id', value: id };
    },
    update: { word_en: 'coach' },
    canUpdate: adminOnly,
    canDelete: adminOnly,
  },
];

describe.each(BACKENDS)('RLS matrix through the HTTP API on %s', (backend) => {
  let server: TestServer;
  const clients = {} as Record<Role, Client>;
  let ctx: Ctx;
  // Fixture rows that exist before the matrix runs; the visible counts refer to them.
  const baseline = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer(backend, SUPABASE_DIR, { autoconfirm: true });
    const { anonKey, serviceRoleKey } = server.ctx.keys;
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const service = createClient<Database>(server.url, serviceRoleKey, options);
    clients.anon = createClient<Database>(server.url, anonKey, options);
    const ids = {} as Record<Role | 'learnerC', string>;
    for (const role of ['learnerA', 'learnerB', 'admin'] as const) {
      const signup = await createClient<Database>(server.url, anonKey, options).auth.signUp({
        email: `${role.toLowerCase()}@rls.test`,
        password: 'magyarul-rls-test',
        options: { data: { name: role } },
      });
      if (signup.error || !signup.data.session || !signup.data.user)
        throw new Error(`sign-up of ${role} failed`);
      ids[role] = signup.data.user.id;
      clients[role] = createClient<Database>(server.url, anonKey, {
        ...options,
        global: { headers: { Authorization: `Bearer ${signup.data.session.access_token}` } },
      });
    }
    ids.anon = randomUUID();
    const c = await service.auth.admin.createUser({
      email: 'learnerc@rls.test',
      password: 'magyarul-rls-test',
      email_confirm: true,
    });
    if (c.error || !c.data.user) throw new Error('creating learner C failed');
    ids.learnerC = c.data.user.id;
    ctx = { ids, service };
    await one(service.from('user_roles').update({ role: 'admin' }).eq('user_id', ids.admin));
    await one(
      service.from('lessons').insert([
        { id: PUBLISHED, lesson_number: 1, title: 'Első lecke', is_published: true },
        { id: DRAFT, lesson_number: 2, title: 'Második lecke', is_published: false },
      ]),
    );
    await one(
      service.from('lesson_transcript').insert([
        { lesson_id: PUBLISHED, line_number: 1, speaker: 'anna', text_content: 'Szia, Bence!' },
        { lesson_id: DRAFT, line_number: 1, speaker: 'bence', text_content: 'Jó reggelt!' },
      ]),
    );
    await one(
      service.from('lesson_vocabulary').insert([
        { id: WORD, lesson_id: PUBLISHED, word_hu: 'szia', word_en: 'hi' },
        { id: DRAFT_WORD, lesson_id: DRAFT, word_hu: 'reggel', word_en: 'morning' },
      ]),
    );
    for (const learner of ['learnerA', 'learnerB'] as const) {
      const user_id = ids[learner];
      await one(
        service
          .from('user_lesson_progress')
          .insert({ user_id, lesson_id: PUBLISHED, audio_completed: true, is_completed: false }),
      );
      await one(
        service
          .from('user_vocabulary_progress')
          .insert({ user_id, vocabulary_id: WORD, times_seen: 1, times_correct: 1 }),
      );
      await one(
        service.from('review_log').insert({
          user_id,
          vocabulary_id: WORD,
          rating: 3,
          state: 0,
          due: new Date().toISOString(),
          stability: 0,
          difficulty: 0,
          was_correct: true,
        }),
      );
      await one(
        service.from('flashcard_sessions').insert({
          user_id,
          total_cards: 10,
          correct_answers: 8,
          accuracy: 80,
          session_completed: true,
        }),
      );
      await one(
        service
          .from('user_feedback')
          .insert({ user_id, title: 'Ötlet', description: 'Több lecke', feedback_type: 'feature' }),
      );
    }
    await one(service.from('lesson_qa_reviews').insert({ lesson_id: PUBLISHED, qa_notes: 'Kész' }));
    await one(
      service.from('lesson_files').insert({
        lesson_id: PUBLISHED,
        file_name: 'dialog.mp3',
        file_path: 'l1/dialog.mp3',
        file_type: 'audio',
        bucket_id: 'lesson-audio',
      }),
    );
    await one(
      service.from('tourist_pack_words').insert({ position: 1, word_hu: 'Szia', word_en: 'hi' }),
    );
    for (const c of CASES) {
      const { count } = await service.from(c.table).select('*', { count: 'exact', head: true });
      baseline.set(c.table, count ?? 0);
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  describe.each(CASES)('$table', (c) => {
    it.each(ROLES)('returns the rows %s may read', async (role) => {
      const { data, error } = await clients[role].from(c.table).select('*');
      expect(error).toBeNull();
      expect(data).toHaveLength(c.visible[role]);
    });

    it.each(ROLES)('returns the insert outcome for %s', async (role) => {
      const { error, status } = await clients[role]
        .from(c.table)
        .insert(c.insert(ctx, role) as never);
      const expected = c.canInsert[role];
      if (expected === true) {
        expect(error).toBeNull();
        expect(status).toBe(201);
      } else if (typeof expected === 'string') {
        expect(error?.code).toBe(expected);
      } else {
        expect(error?.code).toBe('42501');
        expect(status).toBe(role === 'anon' ? 401 : 403);
      }
    });

    it.each(ROLES)('returns the update outcome for %s', async (role) => {
      const target = await c.target(ctx);
      const read = () =>
        ctx.service
          .from(c.table)
          .select('*')
          .eq(target.column as never, target.value as never)
          .single();
      const before = (await read()).data as Record<string, unknown>;
      const { data, error, status } = await clients[role]
        .from(c.table)
        .update(c.update as never)
        .eq(target.column as never, target.value as never)
        .select();
      if (c.readOnly) {
        expect(error?.code).toBe('42501');
        expect(status).toBe(role === 'anon' ? 401 : 403);
      } else {
        expect(error).toBeNull();
        expect(data).toHaveLength(c.canUpdate[role] ? 1 : 0);
      }
      const after = (await read()).data as Record<string, unknown>;
      for (const [column, value] of Object.entries(c.update)) {
        expect(after[column]).toEqual(c.canUpdate[role] ? value : before[column]);
      }
    });

    it.each(ROLES)('returns the delete outcome for %s', async (role) => {
      const target = await c.target(ctx);
      const { error } = await clients[role]
        .from(c.table)
        .delete()
        .eq(target.column as never, target.value as never);
      if (c.readOnly) expect(error?.code).toBe('42501');
      else expect(error).toBeNull();
      const after = await ctx.service
        .from(c.table)
        .select('*')
        .eq(target.column as never, target.value as never);
      expect(after.data).toHaveLength(c.canDelete[role] ? 0 : 1);
    });
  });

  // Each refused direct write above, paired with the procedure that makes the same change.
  describe('progress-procedures', () => {
    it('returns lesson progress written by save_flashcard_session, not by the table', async () => {
      const sessionId = randomUUID();
      const refused = await clients.anon.rpc('save_flashcard_session', {
        _session_id: sessionId,
        _total_cards: 20,
        _correct_answers: 20,
        _lesson_id: PUBLISHED,
      });
      expect(refused.error?.code).toBe('42501');
      const draft = await clients.learnerB.rpc('complete_lesson_audio', { _lesson_id: DRAFT });
      expect(draft.error?.code).toBe('PT404');
      expect(draft.status).toBe(404);
      // The session's answers first (its figures are the recorded ones): each word of the
      // lesson twice, right, as record-word-result stores them.
      const words = await ctx.service
        .from('lesson_vocabulary')
        .select('id')
        .eq('lesson_id', PUBLISHED);
      const cards = (words.data ?? []).slice(0, 10).flatMap((w) => [w.id, w.id]);
      for (const id of cards) {
        const answered = await clients.learnerB.functions.invoke('record-word-result', {
          body: { vocabulary_id: id, was_correct: true, session_id: sessionId },
        });
        expect(answered.error).toBeNull();
      }
      const saved = await clients.learnerB.rpc('save_flashcard_session', {
        _session_id: sessionId,
        _total_cards: cards.length,
        _correct_answers: cards.length,
        _lesson_id: PUBLISHED,
      });
      expect(saved.error).toBeNull();
      expect(saved.data).toMatchObject({ id: sessionId, accuracy: 100, lesson_id: PUBLISHED });
      const row = await clients.learnerB
        .from('user_lesson_progress')
        .select('is_completed, flashcard_passed, flashcard_score, flashcard_accuracy')
        .eq('lesson_id', PUBLISHED)
        .single();
      expect(row.data).toEqual({
        is_completed: true,
        flashcard_passed: true,
        flashcard_score: cards.length,
        flashcard_accuracy: 100,
      });
      const theirs = await clients.learnerA
        .from('user_lesson_progress')
        .select('is_completed')
        .eq('lesson_id', PUBLISHED)
        .single();
      expect(theirs.data?.is_completed).toBe(false);
    });

    it('returns a review session saved by save_flashcard_session for its owner only', async () => {
      const sessionId = randomUUID();
      const answered = await clients.learnerA.functions.invoke('record-word-result', {
        body: { vocabulary_id: WORD, was_correct: false, session_id: sessionId },
      });
      expect(answered.error).toBeNull();
      const saved = await clients.learnerA.rpc('save_flashcard_session', {
        _session_id: sessionId,
        _total_cards: 1,
        _correct_answers: 0,
      });
      expect(saved.error).toBeNull();
      expect(saved.data).toMatchObject({ total_cards: 1, correct_answers: 0, accuracy: 0 });
      const stolen = await clients.learnerB.rpc('save_flashcard_session', {
        _session_id: sessionId,
        _total_cards: 4,
        _correct_answers: 4,
      });
      expect(stolen.error?.code).toBe('42501');
      const seen = await clients.learnerB
        .from('flashcard_sessions')
        .select('id')
        .eq('id', sessionId);
      expect(seen.data).toEqual([]);
    });

    it('returns word progress and the review log written by record-word-result only', async () => {
      const direct = await clients.learnerA.rpc('record_answer', {
        _user_id: ctx.ids.learnerA,
        _vocabulary_id: WORD,
        _was_correct: true,
        _rating: 3,
        _answered_at: new Date().toISOString(),
        _due: new Date(Date.now() + 86_400_000).toISOString(),
        _stability: 1,
        _difficulty: 5,
        _elapsed_days: 0,
        _scheduled_days: 1,
        _learning_steps: 0,
        _reps: 1,
        _lapses: 0,
        _state: 2,
        _log_state: 0,
        _log_due: new Date().toISOString(),
        _log_stability: 0,
        _log_difficulty: 0,
        _log_elapsed_days: 0,
        _log_last_elapsed_days: 0,
        _log_scheduled_days: 0,
        _log_learning_steps: 0,
      });
      expect(direct.error?.code).toBe('42501');
      const before = await clients.learnerA
        .from('user_vocabulary_progress')
        .select('times_seen')
        .eq('vocabulary_id', WORD)
        .eq('skill', 'recognition')
        .single();
      const answered = await clients.learnerA.functions.invoke('record-word-result', {
        body: { vocabulary_id: WORD, was_correct: true, session_id: null },
      });
      expect(answered.error).toBeNull();
      const after = await clients.learnerA
        .from('user_vocabulary_progress')
        .select('times_seen')
        .eq('vocabulary_id', WORD)
        .eq('skill', 'recognition')
        .single();
      expect(after.data?.times_seen).toBe((before.data?.times_seen ?? 0) + 1);
      const logs = await ctx.service
        .from('review_log')
        .select('id', { count: 'exact', head: true })
        .eq('user_id', ctx.ids.learnerA);
      expect(logs.count).toBeGreaterThanOrEqual(2);
      const anon = await clients.anon.functions.invoke('record-word-result', {
        body: { vocabulary_id: WORD, was_correct: true, session_id: null },
      });
      expect(anon.error).not.toBeNull();
    });
  });

  it('returns the fixture row counts the matrix is written for', () => {
    expect(baseline.get('lessons')).toBe(2);
    expect(baseline.get('profiles')).toBe(4);
    expect(baseline.get('user_feedback')).toBe(2);
  });
});
