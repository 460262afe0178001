import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../local/src/context.ts';
import type { LocalDb } from '../local/src/index.ts';
import { loadConfig, makeKeys, openDb, runMigrations } from '../local/src/index.ts';
import { AUDIO_DIR, distinctWords, wordObjectName } from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { copyDataTemplate } from '../../tests/support/template-copy/template-copy.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import { DEMO_ADMIN, DEMO_LEARNER, seed } from './index.ts';

const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

const TABLES = [
  'auth.users',
  'auth.identities',
  'public.profiles',
  'public.user_roles',
  'public.lessons',
  'public.lesson_transcript',
  'public.lesson_characters',
  'public.lesson_notes',
  'public.lesson_vocabulary',
  'public.tourist_pack_words',
  'storage.objects',
  'public.user_lesson_progress',
  'public.user_vocabulary_progress',
  'public.review_log',
  'public.flashcard_sessions',
  'public.user_feedback',
] as const;

/** Row count and a fingerprint of every row's full content, per table. */
async function snapshot(db: LocalDb): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const row = await db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
       from ${table} t`,
    );
    result[table] = `${row.rows[0]?.n}:${row.rows[0]?.digest}`;
  }
  return result;
}

async function count(db: LocalDb, sql: string, params: unknown[] = []): Promise<number> {
  const row = await db.query<{ n: number }>(sql, params);
  return Number(row.rows[0]?.n ?? -1);
}

/** Runs `sql` as the given user, the way PostgREST does (role + JWT claims, one transaction). */
async function asUser<T>(db: LocalDb, userId: string, sql: string): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await tx.query('set local role authenticated');
    return (await tx.query<T>(sql)).rows;
  });
}

describe('seed', () => {
  let dataDir: string;
  let db: LocalDb;
  let ctx: ServerContext;
  let learnerId: string;

  beforeAll(async () => {
    // A copy of the run's migrated template; runMigrations finds nothing left to apply.
    dataDir = copyDataTemplate('migrated', 'magyarul-seed-');
    db = await openDb({ dataDir });
    await runMigrations(db, { migrationsDir: join(SUPABASE_DIR, 'migrations') });
    await db.exec(`select set_config('search_path', '"$user", public, extensions', false)`);
    ctx = {
      db,
      keys: makeKeys('seed-test-secret-seed-test-secret-0123456789'),
      config: loadConfig({}, { dataDir, port: 0, supabaseDir: SUPABASE_DIR }),
      mail: { send: () => Promise.resolve(), list: () => Promise.resolve([]) },
    };
    await seed(ctx);
    const learner = await db.query<{ id: string }>(
      'select id::text as id from auth.users where email = $1',
      [DEMO_LEARNER.email],
    );
    learnerId = learner.rows[0]?.id ?? '';
  });

  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes every lesson with its transcript, times, characters, notes, vocabulary and audio paths', async () => {
    expect(await count(db, 'select count(*) as n from public.lessons where is_published')).toBe(
      LESSONS.length,
    );
    const lines = LESSONS.reduce((n, l) => n + l.lines.length, 0);
    expect(await count(db, 'select count(*) as n from public.lesson_transcript')).toBe(lines);
    expect(
      await count(
        db,
        `select count(*) as n from public.lesson_transcript
         where start_time is null or end_time is null or end_time <= start_time`,
      ),
    ).toBe(0);
    const words = LESSONS.reduce((n, l) => n + l.words.length, 0);
    expect(await count(db, 'select count(*) as n from public.lesson_vocabulary')).toBe(words);
    const lesson3 = await db.query<{ audio_url: string; duration: number; level: string }>(
      'select audio_url, duration, level from public.lessons where lesson_number = 3',
    );
    expect(lesson3.rows[0]).toMatchObject({
      audio_url: 'seed/lessons/lesson-03.mp3',
      level: 'beginner',
    });
    const coffee = await db.query<{ audio_file_path: string; word_de: string; word_es: string }>(
      `select audio_file_path, word_de, word_es from public.lesson_vocabulary where word_hu = 'kávé'`,
    );
    expect(coffee.rows[0]).toEqual({
      audio_file_path: 'seed/words/kaavee.mp3',
      word_de: 'Kaffee',
      word_es: 'café (bebida)',
    });
    expect(
      await count(
        db,
        `select count(*) as n from public.lesson_transcript
         where translation_en is null or translation_de is null or translation_es is null
            or slow_start_time is null or slow_end_time <= slow_start_time
            or natural_start_time is null or natural_end_time <= natural_start_time`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `select count(*) as n from public.lessons
         where natural_audio_url is distinct from 'seed/lessons/lesson-' ||
           lpad(lesson_number::text, 2, '0') || '-natural.mp3'
            or title_de is null or title_es is null or description_de is null
            or description_es is null`,
      ),
    ).toBe(0);
    const characters = LESSONS.reduce((n, l) => n + (l.characters ?? []).length, 0);
    expect(await count(db, 'select count(*) as n from public.lesson_characters')).toBe(characters);
    const spoken = LESSONS.reduce((n, l) => n + l.lines.filter((line) => line[3]).length, 0);
    expect(
      await count(
        db,
        'select count(*) as n from public.lesson_transcript where character_key is not null',
      ),
    ).toBe(spoken);
    const notes = LESSONS.reduce((n, l) => n + l.notes.length, 0);
    expect(await count(db, 'select count(*) as n from public.lesson_notes')).toBe(notes);
    expect(
      await count(
        db,
        `select count(*) as n from public.lessons
         where slow_audio_url is distinct from 'seed/lessons/lesson-' ||
           lpad(lesson_number::text, 2, '0') || '-slow.mp3'`,
      ),
    ).toBe(0);
  });

  it('stores the tourist pack in order', async () => {
    const rows = await db.query<{ position: number; word_hu: string }>(
      'select position, word_hu from public.tourist_pack_words order by position',
    );
    expect(rows.rows.map((r) => r.word_hu)).toEqual(TOURIST_PACK.map(([hu]) => hu));
    expect(rows.rows.at(-1)?.position).toBe(150);
  });

  it('puts every MP3 in the lesson-audio bucket, on disk and in storage.objects', async () => {
    const objects = await db.query<{ name: string; size: string; mimetype: string }>(
      `select name, metadata ->> 'size' as size, metadata ->> 'mimetype' as mimetype
       from storage.objects where bucket_id = 'lesson-audio'`,
    );
    expect(objects.rows).toHaveLength(3 * LESSONS.length + distinctWords().length);
    for (const object of objects.rows) {
      const onDisk = join(dataDir, 'storage', 'lesson-audio', ...object.name.split('/'));
      expect(statSync(onDisk).size).toBe(Number(object.size));
      expect(object.mimetype).toBe('audio/mpeg');
    }
    const word = join(dataDir, 'storage', 'lesson-audio', wordObjectName('jó napot'));
    expect(readFileSync(word)).toEqual(readFileSync(join(AUDIO_DIR, 'words', 'joo-napot.mp3')));
    const slow = join(dataDir, 'storage', 'lesson-audio', 'seed', 'lessons', 'lesson-01-slow.mp3');
    expect(readFileSync(slow)).toEqual(
      readFileSync(join(AUDIO_DIR, 'lessons', 'lesson-01-slow.mp3')),
    );
  });

  it('creates the confirmed demo admin and learner with their roles and names', async () => {
    const users = await db.query<{
      email: string;
      role: string;
      name: string;
      confirmed: boolean;
      password_ok: boolean;
      identities: number;
    }>(
      `select u.email, r.role, p.name, u.email_confirmed_at is not null as confirmed,
              u.encrypted_password = extensions.crypt('magyarul-demo', u.encrypted_password)
                as password_ok,
              (select count(*)::int from auth.identities i where i.user_id = u.id) as identities
       from auth.users u
       join public.user_roles r on r.user_id = u.id
       join public.profiles p on p.user_id = u.id
       order by u.email`,
    );
    expect(users.rows).toEqual([
      {
        email: DEMO_ADMIN.email,
        role: 'admin',
        name: 'Admin',
        confirmed: true,
        password_ok: true,
        identities: 1,
      },
      {
        email: DEMO_LEARNER.email,
        role: 'user',
        name: 'Demo Learner',
        confirmed: true,
        password_ok: true,
        identities: 1,
      },
    ]);
  });

  it('gives the demo learner a passed lesson 1, lesson 2 in progress, due words and feedback', async () => {
    const progress = await db.query<{
      lesson_number: number;
      audio_completed: boolean;
      flashcard_passed: boolean;
      is_completed: boolean;
    }>(
      `select l.lesson_number, p.audio_completed, p.flashcard_passed, p.is_completed
       from public.user_lesson_progress p join public.lessons l on l.id = p.lesson_id
       where p.user_id = $1 order by l.lesson_number`,
      [learnerId],
    );
    expect(progress.rows).toEqual([
      { lesson_number: 1, audio_completed: true, flashcard_passed: true, is_completed: true },
      { lesson_number: 2, audio_completed: true, flashcard_passed: false, is_completed: false },
    ]);
    const due = await asUser<{ word_hu: string }>(
      db,
      learnerId,
      'select word_hu from public.get_due_words(20, true)',
    );
    expect(due.length).toBeGreaterThanOrEqual(3);
    expect(due.length).toBeLessThanOrEqual(10);
    const pack = await asUser<{ reviewed_words: number; total_words: number }>(
      db,
      learnerId,
      `select * from public.get_tourist_pack_progress('${learnerId}')`,
    );
    const packWords = new Set(TOURIST_PACK.map(([hu]) => hu));
    const expected = LESSONS[0]?.words.filter((w) => packWords.has(w.hu)).length;
    expect(pack[0]).toEqual({ reviewed_words: expected, total_words: 150 });
    const streak = await asUser<{ current_streak: number }>(
      db,
      learnerId,
      `select * from public.get_streak('${learnerId}')`,
    );
    expect(streak[0]?.current_streak).toBe(3);
    const feedback = await db.query<{ status: string }>(
      'select status from public.user_feedback where user_id = $1 order by status',
      [learnerId],
    );
    expect(feedback.rows.map((r) => r.status)).toEqual(['new', 'reviewing']);
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot(db);
    await seed(ctx);
    expect(await snapshot(db)).toEqual(before);
  });
});
