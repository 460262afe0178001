// Test fixture for the function handlers: the embedded backend on an in-memory PGlite with the
// real migrations (no seed), real users signed up through /auth/v1, and the handler called with
// the same env the functions router gives it. Not a test file itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startServer } from '../../local/src/index.ts';
import type { RunningServer } from '../../local/src/index.ts';
import type { Database } from '../../local/src/generated/database.ts';
import type { Env, Handler } from './http.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));

export type TestUser = {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient<Database>;
};

export type FunctionsFixture = {
  server: RunningServer;
  env: Env;
  /** Service-role client: bypasses RLS, for arranging data. */
  service: SupabaseClient<Database>;
  signUp(email: string, options?: { admin?: boolean; name?: string }): Promise<TestUser>;
  call(
    handler: Handler,
    body: unknown,
    token?: string | null,
    method?: string,
    extraEnv?: Env,
  ): Promise<Response>;
  stop(): Promise<void>;
};

export async function startFunctionsFixture(): Promise<FunctionsFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-functions-'));
  const server = await startServer({
    config: { port: 0, dataDir, supabaseDir: SUPABASE_DIR, autoconfirm: true },
    env: {},
    inMemory: true,
    quiet: true,
    seed: false,
  });
  const { anonKey, serviceRoleKey } = server.ctx.keys;
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const service = createClient<Database>(server.url, serviceRoleKey, options);
  const env: Env = {
    SUPABASE_URL: server.url,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
  };
  return {
    server,
    env,
    service,
    async signUp(email, { admin = false, name } = {}) {
      const anon = createClient<Database>(server.url, anonKey, options);
      const { data, error } = await anon.auth.signUp({
        email,
        password: 'magyarul-test-password',
        options: { data: { name: name ?? email.split('@')[0] } },
      });
      if (error) throw error;
      const session = data.session;
      if (!session || !data.user) throw new Error('sign-up returned no session (autoconfirm off?)');
      if (admin) {
        const promoted = await service
          .from('user_roles')
          .update({ role: 'admin' })
          .eq('user_id', data.user.id);
        if (promoted.error) throw promoted.error;
      }
      const client = createClient<Database>(server.url, anonKey, {
        ...options,
        global: { headers: { Authorization: `Bearer ${session.access_token}` } },
      });
      return { id: data.user.id, email, token: session.access_token, client };
    },
    call(handler, body, token = null, method = 'POST', extraEnv = {}) {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        apikey: anonKey,
      };
      headers.Authorization = `Bearer ${token ?? anonKey}`;
      const init: RequestInit = { method, headers };
      if (method !== 'GET' && method !== 'OPTIONS') init.body = JSON.stringify(body);
      return handler(new Request(`${server.url}/functions/v1/test`, init), { ...env, ...extraEnv });
    },
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A published lesson with words, inserted with the service role; returns the word ids. */
export async function addLesson(
  fixture: FunctionsFixture,
  lessonNumber: number,
  words: readonly (readonly [string, string])[],
  published = true,
): Promise<{ lessonId: string; wordIds: string[] }> {
  const lesson = await fixture.service
    .from('lessons')
    .insert({
      lesson_number: lessonNumber,
      title: `Lecke ${lessonNumber}`,
      is_published: published,
    })
    .select('id')
    .single();
  if (lesson.error) throw lesson.error;
  const inserted: string[] = [];
  // One insert per word keeps created_at (the lesson order) strictly increasing.
  for (const [hu, en] of words) {
    const word = await fixture.service
      .from('lesson_vocabulary')
      .insert({ lesson_id: lesson.data.id, word_hu: hu, word_en: en, difficulty: 'beginner' })
      .select('id')
      .single();
    if (word.error) throw word.error;
    inserted.push(word.data.id);
  }
  return { lessonId: lesson.data.id, wordIds: inserted };
}

/**
 * Arranges a completed lesson for a learner with the service role (learners cannot write their
 * progress; the procedures' own tests live in supabase/tests and record-word-result).
 */
export async function completeLesson(
  fixture: FunctionsFixture,
  user: TestUser,
  lessonId: string,
  at = new Date(),
): Promise<void> {
  const { error } = await fixture.service.from('user_lesson_progress').upsert(
    {
      user_id: user.id,
      lesson_id: lessonId,
      audio_completed: true,
      flashcard_passed: true,
      is_completed: true,
      flashcard_accuracy: 90,
      completed_at: at.toISOString(),
    },
    { onConflict: 'user_id,lesson_id' },
  );
  if (error) throw error;
}

/** The learner finishes a lesson's audio through complete_lesson_audio, as the app does. */
export async function finishAudio(user: TestUser, lessonId: string): Promise<void> {
  const { error } = await user.client.rpc('complete_lesson_audio', { _lesson_id: lessonId });
  if (error) throw new Error(`complete_lesson_audio failed: ${error.code} ${error.message}`);
}
