// Test fixture for the edge function handlers (supabase/functions/*/handler.test.ts): the
// embedded backend on PGlite with the real migrations (no seed; each server on its own copy of
// the run's migrated template, tests/support/data-template.ts), real users signed up through
// /auth/v1, and the handler called with the same env the functions router gives it.
// It lives here, not under supabase/functions, because what deploys to hosted Supabase must not
// reach into the embedded backend. Not a test file itself.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt, startServer } from '@magyarul/local';
import type { RunningServer } from '@magyarul/local';
import type { Database } from '../../supabase/types/database.ts';
import { copyDataTemplate } from '../support/template-copy/template-copy.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));

/** The shapes of supabase/functions/_shared/http.ts (restated: that project imports this one). */
export type Env = Record<string, string | undefined>;
export type Handler = (req: Request, env: Env) => Promise<Response>;

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
  const dataDir = copyDataTemplate('migrated', 'magyarul-functions-');
  const server = await startServer({
    config: { port: 0, dataDir, supabaseDir: SUPABASE_DIR, autoconfirm: true },
    env: {},
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

/** The claims GoTrue puts in an access token for `user`, valid for an hour from now. */
function accessClaims(user: { id: string; email: string }): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  };
}

/**
 * Tokens the functions must refuse although they name a real user: signed with a key that is not
 * the project's (what anyone can make), unsigned (alg none), and properly signed but expired.
 */
export function badTokens(
  jwtSecret: string,
  user: { id: string; email: string },
): { forged: string; unsigned: string; expired: string } {
  const claims = accessClaims(user);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 120;
  return {
    forged: signJwt(claims, 'not-the-project-jwt-secret-but-long-enough'),
    unsigned: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
    expired: signJwt({ ...claims, iat: past - 3600, exp: past }, jwtSecret),
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
  // Passing the session answered every word of the lesson once (a word's progress comes with
  // its first answer: due means answered), each due again at the lesson's completion.
  const words = await fixture.service
    .from('lesson_vocabulary')
    .select('id')
    .eq('lesson_id', lessonId);
  if (words.error) throw words.error;
  const answered = await fixture.service.from('user_vocabulary_progress').upsert(
    words.data.map((word) => ({
      user_id: user.id,
      vocabulary_id: word.id,
      skill: 'recognition' as const,
      due: at.toISOString(),
      last_review: at.toISOString(),
      reps: 1,
      state: 1,
      times_seen: 1,
      times_correct: 1,
    })),
    { onConflict: 'user_id,vocabulary_id,skill', ignoreDuplicates: true },
  );
  if (answered.error) throw answered.error;
}

/** The learner finishes a lesson's audio through complete_lesson_audio, as the app does. */
export async function finishAudio(user: TestUser, lessonId: string): Promise<void> {
  const { error } = await user.client.rpc('complete_lesson_audio', { _lesson_id: lessonId });
  if (error) throw new Error(`complete_lesson_audio failed: ${error.code} ${error.message}`);
}
