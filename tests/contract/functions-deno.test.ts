import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { badTokens } from '../functions/fixture.ts';
import { bundleFunction, isolatedFunctions, type IsolatedFunctions } from '../deno/bundle.ts';
import { DENO_RELEASES, denoBinary, edgeFunctions, serveFunction } from '../deno/deno.ts';
import type { ServedFunction } from '../deno/deno.ts';
import { startTestServer } from './setup/server.ts';
import type { TestServer } from './setup/server.ts';

// The four edge functions as hosted Supabase deploys and runs them: each bundled from a copy of
// supabase/functions alone (deno bundle, tests/deno/bundle.ts), the bundle served by Deno 2.1.4
// (Deno.serve) and pointed at the embedded backend with its keys,
// next to the same functions behind the backend's /functions/v1. Every call the web app and the
// studio make (and the refusals they can meet) gets the same answer from both. PGlite only: the
// functions reach the database over HTTP, and the REST contract is proven on both backends by
// the other files of this suite.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SUPABASE_DIR = join(REPO, 'supabase');
const HOSTED = DENO_RELEASES.find((r) => r.role === 'hosted');
const CURRENT = DENO_RELEASES.find((r) => r.role === 'current');

type Answer = { status: number; type: string | null; cors: string | null; body: unknown };

type Target = 'local' | 'deno';

describe('edge functions bundled and run under Deno 2.1 answer like /functions/v1', () => {
  let server: TestServer;
  let copy: IsolatedFunctions | undefined;
  const deno = new Map<string, ServedFunction>();
  const users: Record<'anna' | 'bence' | 'admin', { id: string; email: string; token: string }> = {
    anna: { id: '', email: 'anna@deno.test', token: '' },
    bence: { id: '', email: 'bence@deno.test', token: '' },
    admin: { id: '', email: 'admin@deno.test', token: '' },
  };
  let firstLesson: { id: string; words: string[] };
  let secondLesson: { id: string; words: string[] };

  beforeAll(async () => {
    if (!HOSTED || !CURRENT) throw new Error('no hosted or current Deno release configured');
    server = await startTestServer('pglite', SUPABASE_DIR);
    const { anonKey, serviceRoleKey } = server.ctx.keys;
    const binary = denoBinary(HOSTED);
    const env = {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      // send-reminders' secrets: the backend's outbox stands in for the mail service.
      MAIL_API_URL: `${server.url}/_dev/mail/send`,
      MAIL_API_KEY: serviceRoleKey,
      MAIL_FROM: 'Magyarul <reminders@deno.test>',
      SITE_URL: server.url,
    };
    const functions = isolatedFunctions();
    copy = functions;
    const served = Promise.all(
      edgeFunctions().map(async (name) => {
        const bundle = await bundleFunction(denoBinary(CURRENT), functions.dir, name);
        if (bundle.status !== 0) throw new Error(`deno bundle ${name}:\n${bundle.output}`);
        return serveFunction(binary, name, env, bundle.file);
      }),
    );

    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const service = createClient<Database>(server.url, serviceRoleKey, options);
    for (const user of Object.values(users)) {
      const created = await service.auth.admin.createUser({
        email: user.email,
        password: 'deno-parity-password',
        email_confirm: true,
      });
      if (created.error) throw created.error;
      const anon = createClient<Database>(server.url, anonKey, options);
      const session = await anon.auth.signInWithPassword({
        email: user.email,
        password: 'deno-parity-password',
      });
      if (session.error) throw session.error;
      user.id = created.data.user.id;
      user.token = session.data.session.access_token;
    }
    const promoted = await service
      .from('user_roles')
      .update({ role: 'admin' })
      .eq('user_id', users.admin.id);
    if (promoted.error) throw promoted.error;

    const addLesson = async (lessonNumber: number, words: [string, string][]) => {
      const lesson = await service
        .from('lessons')
        .insert({ lesson_number: lessonNumber, title: `Lecke ${lessonNumber}`, is_published: true })
        .select('id')
        .single();
      if (lesson.error) throw lesson.error;
      const ids: string[] = [];
      for (const [hu, en] of words) {
        const word = await service
          .from('lesson_vocabulary')
          .insert({ lesson_id: lesson.data.id, word_hu: hu, word_en: en, difficulty: 'beginner' })
          .select('id')
          .single();
        if (word.error) throw word.error;
        ids.push(word.data.id);
      }
      return { id: lesson.data.id, words: ids };
    };
    firstLesson = await addLesson(901, [
      ['szia', 'hi'],
      ['köszönöm', 'thank you'],
      ['kávé', 'coffee'],
    ]);
    secondLesson = await addLesson(902, [
      ['piac', 'market'],
      ['alma', 'apple'],
    ]);
    // Both learners completed the first lesson the same way, answering each of its words once:
    // its words are due for review (a word's progress comes with its first answer).
    const completedAt = new Date(Date.now() - 86_400_000).toISOString();
    for (const user of [users.anna, users.bence]) {
      const done = await service.from('user_lesson_progress').upsert(
        {
          user_id: user.id,
          lesson_id: firstLesson.id,
          audio_completed: true,
          flashcard_passed: true,
          is_completed: true,
          flashcard_accuracy: 100,
          completed_at: completedAt,
        },
        { onConflict: 'user_id,lesson_id' },
      );
      if (done.error) throw done.error;
      const answered = await service.from('user_vocabulary_progress').insert(
        firstLesson.words.map((id) => ({
          user_id: user.id,
          vocabulary_id: id,
          due: completedAt,
          last_review: completedAt,
          reps: 1,
          state: 1,
          times_seen: 1,
          times_correct: 1,
        })),
      );
      if (answered.error) throw answered.error;
    }
    for (const fn of await served) deno.set(fn.name, fn);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...deno.values()].map((fn) => fn.stop()));
    await server?.stop();
    copy?.remove();
  });

  /** One call as supabase-js's functions.invoke makes it, to the backend or to Deno. */
  async function call(
    target: Target,
    name: string,
    token: string | null,
    body: unknown,
    method = 'POST',
  ): Promise<Answer> {
    const url =
      target === 'local' ? `${server.url}/functions/v1/${name}` : (deno.get(name)?.url ?? '');
    const headers: Record<string, string> = {
      apikey: server.ctx.keys.anonKey,
      Authorization: `Bearer ${token ?? server.ctx.keys.anonKey}`,
      'Content-Type': 'application/json',
      'x-client-info': 'supabase-js-node/2.119.1',
    };
    const init: RequestInit =
      method === 'OPTIONS'
        ? {
            method,
            headers: {
              origin: 'http://localhost:5173',
              'access-control-request-method': 'POST',
              'access-control-request-headers':
                'authorization, x-client-info, apikey, content-type',
            },
          }
        : { method, headers, body: JSON.stringify(body) };
    const res = await fetch(url, init);
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cors: res.headers.get('access-control-allow-headers'),
      body: text === '' ? null : (JSON.parse(text) as unknown),
    };
  }

  /** A read-only call: the same request to both, the same answer. */
  async function same(name: string, token: string | null, body: unknown, method = 'POST') {
    const local = await call('local', name, token, body, method);
    const fromDeno = await call('deno', name, token, body, method);
    expect(fromDeno).toEqual(local);
    return local;
  }

  it('returns the functions config.toml deploys, each bundle served under Deno', () => {
    expect([...deno.keys()].sort()).toEqual([
      'generate-lesson-image',
      'get-due-words',
      'get-interleaved-words',
      'record-word-result',
      'send-reminders',
      'unsubscribe-reminders',
    ]);
  });

  it('returns the same review queue for get-due-words (web: the review page)', async () => {
    const answer = await same('get-due-words', users.anna.token, {
      limit: 20,
      include_overdue: true,
    });
    expect(answer.status).toBe(200);
    const words = (answer.body as { words: { vocabulary_id: string }[] }).words;
    expect(words.map((w) => w.vocabulary_id).sort()).toEqual([...firstLesson.words].sort());
  });

  it('returns the same session for get-interleaved-words (web: a lesson flashcard session)', async () => {
    const answer = await same('get-interleaved-words', users.anna.token, {
      current_lesson_id: secondLesson.id,
      new_word_count: 12,
      review_word_count: 8,
    });
    expect(answer.status).toBe(200);
    const words = (answer.body as { words: { vocabulary_id: string; is_review: boolean }[] }).words;
    expect(words).toHaveLength(5);
    expect(words.filter((w) => w.is_review)).toHaveLength(3);
  });

  it.each([true, false])(
    'returns the same next FSRS state for record-word-result with was_correct %s (web: each answer)',
    async (wasCorrect) => {
      // A write: the backend records Anna's answer and Deno Bence's, for the same word with the
      // same history; the answers match but for the moment they were given.
      const word = firstLesson.words[wasCorrect ? 0 : 1];
      const body = { vocabulary_id: word, was_correct: wasCorrect, session_id: null };
      const local = await call('local', 'record-word-result', users.anna.token, body);
      const fromDeno = await call('deno', 'record-word-result', users.bence.token, body);
      expect(local.status).toBe(200);
      const timeless = (answer: Answer) => {
        const { progress, rating } = answer.body as {
          progress: Record<string, unknown> & { due: string; last_review: string };
          rating: number;
        };
        const { due, last_review: lastReview, ...rest } = progress;
        return {
          ...answer,
          body: { rating, progress: rest, interval: Date.parse(due) - Date.parse(lastReview) },
        };
      };
      expect(timeless(fromDeno)).toEqual(timeless(local));
      // One answer on from the lesson's (seen once, right): due means answered before.
      expect(timeless(local).body).toMatchObject({
        rating: wasCorrect ? 3 : 1,
        progress: { vocabulary_id: word, times_seen: 2, times_correct: wasCorrect ? 2 : 1 },
      });
    },
  );

  it('returns the same stored picture for generate-lesson-image (web admin: the lesson form)', async () => {
    const answer = await same('generate-lesson-image', users.admin.token, {
      lessonTitle: 'A piacon',
      lessonDescription: 'Anna almát vesz.',
      lessonLevel: 'beginner',
      transcriptPreview: 'NARRATOR: A piacon vagyunk.',
    });
    expect(answer.status).toBe(200);
    const { imageUrl, draftBucket, draftPath } = answer.body as {
      imageUrl: string;
      draftBucket: string;
      draftPath: string;
    };
    // Private until a published lesson names it (DESIGN.md §13): the admin reads it there.
    expect((await fetch(imageUrl)).status).toBeGreaterThanOrEqual(400);
    const admin = createClient(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false },
      global: { headers: { Authorization: `Bearer ${users.admin.token}` } },
    });
    const { data, error } = await admin.storage.from(draftBucket).download(draftPath);
    expect(error).toBeNull();
    expect(data?.type).toContain('image/png');
    expect(
      new Uint8Array((await data?.arrayBuffer()) ?? new ArrayBuffer(0)).subarray(1, 4),
    ).toEqual(new TextEncoder().encode('PNG'));
  });

  it('returns the same 403 to a learner asking for a picture', async () => {
    const answer = await same('generate-lesson-image', users.anna.token, { lessonTitle: 'Tilos' });
    expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it.each([
    'get-due-words',
    'get-interleaved-words',
    'record-word-result',
    'generate-lesson-image',
  ])(
    'returns the same 401 from %s for the anon key and for forged, unsigned or expired tokens',
    async (name) => {
      const body = {
        vocabulary_id: firstLesson.words[2],
        was_correct: true,
        current_lesson_id: secondLesson.id,
        lessonTitle: 'Hamis',
      };
      const victim = name === 'generate-lesson-image' ? users.admin : users.anna;
      const tokens = badTokens(server.ctx.keys.jwtSecret, victim);
      for (const token of [null, tokens.forged, tokens.unsigned, tokens.expired]) {
        const answer = await same(name, token, body);
        // The function's own refusal (verify_jwt is off), not the gateway's { code: 401 }.
        expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
      }
    },
  );

  it('returns the same 403 from send-reminders to a learner and the anon key', async () => {
    for (const token of [users.anna.token, null]) {
      const answer = await same('send-reminders', token, { now: new Date().toISOString() });
      expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    }
  });

  it('returns a reminder sent under Deno into the outbox, and its one-click unsubscribe works there', async () => {
    const service = createClient<Database>(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const chosen = await service
      .from('profiles')
      .update({ reminder_hour: 7, time_zone: 'UTC' })
      .eq('user_id', users.anna.id);
    if (chosen.error) throw chosen.error;
    // 07:30 UTC today: after the words came due (a day ago) and at Anna's hour.
    const now = `${new Date().toISOString().slice(0, 10)}T07:30:00Z`;
    const sent = await call('deno', 'send-reminders', server.ctx.keys.serviceRoleKey, { now });
    expect(sent).toMatchObject({ status: 200, body: { claimed: 1, sent: 1, failed: 0 } });
    const again = await call('local', 'send-reminders', server.ctx.keys.serviceRoleKey, { now });
    expect(again.body).toEqual({ claimed: 0, sent: 0, failed: 0 });
    const mails = (await (
      await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(users.anna.email)}`)
    ).json()) as { subject: string; headers: Record<string, string> }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^\d+ words? (is|are) waiting for you$/);
    const token = /token=([0-9a-f-]{36})/.exec(mails[0]?.headers['List-Unsubscribe'] ?? '')?.[1];
    const oneClick = await fetch(`${deno.get('unsubscribe-reminders')?.url ?? ''}?token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await oneClick.json()).toEqual({ unsubscribed: true });
    const profile = await service
      .from('profiles')
      .select('reminder_hour')
      .eq('user_id', users.anna.id)
      .single();
    expect(profile.data?.reminder_hour).toBeNull();
  });

  it('returns the same CORS preflight answer from every function', async () => {
    for (const name of deno.keys()) {
      const answer = await same(name, null, null, 'OPTIONS');
      expect(answer.status).toBe(204);
      expect(answer.cors).toContain('authorization');
    }
  });

  it('returns a case above for every function the web app and the studio invoke', () => {
    const covered = new Set(deno.keys());
    const invoked = new Set<string>();
    for (const dir of ['web/src', 'desktop/src']) {
      for (const file of readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const source = readFileSync(join(REPO, dir, file), 'utf8');
        for (const m of source.matchAll(/functions\.invoke(?:<[^(]*>)?\(\s*'([^']+)'/g)) {
          invoked.add(m[1] ?? '');
        }
      }
    }
    expect([...invoked].sort()).toEqual([
      'generate-lesson-image',
      'get-due-words',
      'get-interleaved-words',
      'record-word-result',
    ]);
    for (const name of invoked) expect(covered).toContain(name);
  });
});
