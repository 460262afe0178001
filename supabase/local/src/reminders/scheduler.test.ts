import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../types/database.ts';
import { startServer, type RunningServer } from '../server.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

describe('reminder scheduler', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-reminders-'));
    server = await startServer({
      config: {
        port: 0,
        dataDir: join(dir, 'data'),
        supabaseDir: SUPABASE_DIR,
        reminderIntervalSeconds: 1,
      },
      env: {},
      inMemory: true,
      quiet: true,
      seed: false,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the reminder in the outbox, sent by the server itself at the learner hour', async () => {
    const db = createClient<Database>(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const created = await db.auth.admin.createUser({
      email: 'zsofi@reminders.test',
      password: 'reminder-test-password',
      email_confirm: true,
      user_metadata: { language: 'es' },
    });
    if (created.error) throw created.error;
    const userId = created.data.user.id;
    const lesson = await db
      .from('lessons')
      .insert({ lesson_number: 1, title: 'Lecke 1', is_published: true })
      .select('id')
      .single();
    if (lesson.error) throw lesson.error;
    const word = await db
      .from('lesson_vocabulary')
      .insert({ lesson_id: lesson.data.id, word_hu: 'szia', word_en: 'hi' })
      .select('id')
      .single();
    if (word.error) throw word.error;
    const steps = await Promise.all([
      db.from('user_lesson_progress').insert({
        user_id: userId,
        lesson_id: lesson.data.id,
        audio_completed: true,
        flashcard_passed: true,
        is_completed: true,
      }),
      db.from('user_vocabulary_progress').insert({
        user_id: userId,
        vocabulary_id: word.data.id,
        due: new Date(Date.now() - 60_000).toISOString(),
        times_seen: 1,
        times_correct: 1,
      }),
    ]);
    for (const step of steps) if (step.error) throw step.error;
    // The hour that has just begun in the learner's zone (UTC): the next run reminds them.
    const chosen = await db
      .from('profiles')
      .update({ time_zone: 'UTC', reminder_hour: new Date().getUTCHours() })
      .eq('user_id', userId);
    if (chosen.error) throw chosen.error;

    let subjects: string[] = [];
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && subjects.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const res = await fetch(`${server.url}/_dev/mail.json?to=zsofi%40reminders.test`);
      subjects = ((await res.json()) as { subject: string }[]).map((m) => m.subject);
    }
    expect(subjects).toEqual(['1 palabra te espera']);
    // Later runs of the same day send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const res = await fetch(`${server.url}/_dev/mail.json?to=zsofi%40reminders.test`);
    expect(await res.json()).toHaveLength(1);
  }, 60_000);
});
