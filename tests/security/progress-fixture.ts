// The server the progress attacks run against: the embedded backend with the app's own
// migrations, functions and demo seed, on PGlite or on a throw-away PostgreSQL 15 cluster, and
// learners signed up through /auth/v1 the way an attacker would. Not a test file itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startServer } from '@magyarul/local';
import type { RunningServer } from '@magyarul/local';
import type { Database } from '../../supabase/types/database.ts';
import { startCluster } from '../contract/setup/postgres.ts';
import type { Cluster } from '../contract/setup/postgres.ts';
import { copyDataTemplate } from '../support/template-copy/template-copy.ts';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];
export type Db = SupabaseClient<Database>;
export type Learner = { id: string; email: string; token: string; db: Db };

export type SecurityServer = {
  url: string;
  anonKey: string;
  anon: Db;
  /** The service role: for looking at what really got stored, never for the attack itself. */
  service: Db;
  signUp(tag: string, options?: { admin?: boolean }): Promise<Learner>;
  /** Published lesson ids by lesson_number (the demo seed's lessons). */
  lessonId(number: number): Promise<string>;
  /** A word of a published lesson. */
  wordOf(lessonId: string, index?: number): Promise<string>;
  stop(): Promise<void>;
};

const SUPABASE_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
const OPTIONS = { auth: { persistSession: false, autoRefreshToken: false } };
let databases = 0;

export async function startSecurityServer(backend: Backend): Promise<SecurityServer> {
  // On PGlite a copy of the run's seeded template (tests/support/data-template.ts): the state
  // of a fresh directory after its first boot, without the boot's migrations and seed.
  const dataDir =
    backend === 'pglite'
      ? copyDataTemplate('seeded', 'magyarul-security-')
      : mkdtempSync(join(tmpdir(), 'magyarul-security-'));
  let cluster: Cluster | null = null;
  let server: RunningServer;
  try {
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      cluster = await startCluster();
      databaseUrl = await cluster.createDatabase(`security_${process.pid}_${databases++}`);
    }
    server = await startServer({
      config: {
        port: 0,
        dataDir,
        supabaseDir: SUPABASE_DIR,
        autoconfirm: true,
        ...(databaseUrl ? { databaseUrl } : {}),
      },
      env: {},
      quiet: true,
      seed: true,
    });
  } catch (error) {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { anonKey, serviceRoleKey } = server.ctx.keys;
  const service = createClient<Database>(server.url, serviceRoleKey, OPTIONS);
  let users = 0;
  return {
    url: server.url,
    anonKey,
    anon: createClient<Database>(server.url, anonKey, OPTIONS),
    service,
    async signUp(tag, { admin = false } = {}) {
      users += 1;
      const email = `${tag}-${users}-${process.pid}@attack.test`;
      const client = createClient<Database>(server.url, anonKey, OPTIONS);
      const { data, error } = await client.auth.signUp({ email, password: 'attack-password-1' });
      if (error) throw error;
      if (!data.session || !data.user) throw new Error('autoconfirm should return a session');
      if (admin) {
        const promoted = await service
          .from('user_roles')
          .update({ role: 'admin' })
          .eq('user_id', data.user.id);
        if (promoted.error) throw promoted.error;
      }
      const token = data.session.access_token;
      const db = createClient<Database>(server.url, anonKey, {
        ...OPTIONS,
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
      return { id: data.user.id, email, token, db };
    },
    async lessonId(number) {
      const { data, error } = await service
        .from('lessons')
        .select('id')
        .eq('lesson_number', number)
        .eq('is_published', true)
        .single();
      if (error) throw error;
      return data.id;
    },
    async wordOf(lessonId, index = 0) {
      const { data, error } = await service
        .from('lesson_vocabulary')
        .select('id')
        .eq('lesson_id', lessonId)
        .order('created_at')
        .order('created_seq');
      if (error) throw error;
      const id = data[index]?.id;
      if (!id) throw new Error(`lesson ${lessonId} has no word ${index}`);
      return id;
    },
    async stop() {
      await server.close();
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls an edge function the way supabase-js does, returning status and JSON body. */
export async function callFunction(
  server: SecurityServer,
  name: string,
  body: unknown,
  token: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${token ?? server.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The token of one learner with another's id in its payload (the signature no longer fits). */
export function forgeSubject(token: string, sub: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub })).toString('base64url');
  return [header, forged, signature].join('.');
}

/**
 * The cards of a lesson's own session as the app deals them when the lesson has no review
 * words: each of its first ten words twice (at most 20 cards).
 */
export async function lessonCards(server: SecurityServer, lessonId: string): Promise<string[]> {
  const { data, error } = await server.service
    .from('lesson_vocabulary')
    .select('id')
    .eq('lesson_id', lessonId)
    .order('created_at')
    .order('created_seq');
  if (error) throw error;
  return data.slice(0, 10).flatMap((word) => [word.id, word.id]);
}

/**
 * Answers `cards` (word ids) under `sessionId` one by one through record-word-result, as the
 * app's queue sends them; the first `wrong` answers are wrong, the rest right.
 */
export async function answerCards(
  server: SecurityServer,
  learner: Learner,
  cards: readonly string[],
  sessionId: string,
  wrong = 0,
): Promise<void> {
  for (const [index, word] of cards.entries()) {
    const answer = await callFunction(
      server,
      'record-word-result',
      { vocabulary_id: word, was_correct: index >= wrong, session_id: sessionId },
      learner.token,
    );
    if (answer.status !== 200) {
      throw new Error(
        `answer ${index} of ${sessionId}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  }
}
