// The demo seed of the embedded backend: called once on the first boot of a data directory
// (after the migrations), and safe to run again: every row is upserted by its natural key and
// an unchanged row is left untouched, so a second run changes nothing.
//
// What it creates: the ten published lessons with their transcript times and vocabulary, the
// 150-word tourist pack, the lesson and word MP3s in the lesson-audio bucket (bytes on disk and
// storage.objects rows), the demo accounts admin@magyarul.local and learner@magyarul.local
// (password magyarul-demo, demo only) and the demo learner's first three days of study.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Queryable, ServerContext } from '../local/src/context.ts';
import {
  AUDIO_BUCKET,
  AUDIO_DIR,
  distinctWords,
  lessonAudioFile,
  lessonObjectName,
  loadTimings,
  wordAudioFile,
  wordObjectName,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import type { Timings } from './content/types.ts';
import { demoHistory } from './demo-progress.ts';

export const DEMO_PASSWORD = 'magyarul-demo';
export const DEMO_ADMIN = { email: 'admin@magyarul.local', name: 'Admin' } as const;
export const DEMO_LEARNER = { email: 'learner@magyarul.local', name: 'Demo Learner' } as const;
/** The demo learner studies in Budapest time (streaks and "today" use the profile's zone). */
const LEARNER_TIME_ZONE = 'Europe/Budapest';

const STATE_VALUES = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

type AudioObject = { name: string; file: string };

function audioObjects(): AudioObject[] {
  return [
    ...LESSONS.map((l) => ({
      name: lessonObjectName(l.number),
      file: join(AUDIO_DIR, 'lessons', lessonAudioFile(l.number)),
    })),
    ...distinctWords().map((w) => ({
      name: wordObjectName(w.hu),
      file: join(AUDIO_DIR, 'words', wordAudioFile(w.hu)),
    })),
  ];
}

function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** Copies the MP3s to <dataDir>/storage/lesson-audio/<name> unless an identical copy is there. */
function copyAudio(dataDir: string, objects: readonly AudioObject[]): void {
  const bucketDir = resolve(dataDir, 'storage', AUDIO_BUCKET);
  for (const object of objects) {
    const target = resolve(bucketDir, ...object.name.split('/'));
    if (!target.startsWith(bucketDir + sep)) throw new Error(`bad object name ${object.name}`);
    if (existsSync(target) && md5(readFileSync(target)) === md5(readFileSync(object.file))) {
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(object.file, target);
  }
}

async function upsertStorageObjects(tx: Queryable, objects: readonly AudioObject[]): Promise<void> {
  for (const object of objects) {
    const bytes = readFileSync(object.file);
    const metadata = {
      eTag: `"${md5(bytes)}"`,
      size: bytes.byteLength,
      mimetype: 'audio/mpeg',
      cacheControl: 'max-age=3600',
      lastModified: new Date().toISOString(),
      contentLength: bytes.byteLength,
      httpStatusCode: 200,
    };
    await tx.query(
      `insert into storage.objects (bucket_id, name, metadata)
       values ($1, $2, $3::jsonb)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
       where storage.objects.metadata ->> 'eTag' is distinct from excluded.metadata ->> 'eTag'
          or storage.objects.metadata ->> 'size' is distinct from excluded.metadata ->> 'size'`,
      [AUDIO_BUCKET, object.name, JSON.stringify(metadata)],
    );
  }
}

/** Creates a confirmed e-mail user with an identity unless the address exists; returns its id. */
async function ensureUser(tx: Queryable, email: string, name: string): Promise<string> {
  const existing = await tx.query<{ id: string }>(
    'select id::text as id from auth.users where lower(email) = lower($1)',
    [email],
  );
  const found = existing.rows[0];
  if (found) return found.id;
  const created = await tx.query<{ id: string }>(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change
     ) values (
       '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
       'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf')), now(),
       '{"provider":"email","providers":["email"]}'::jsonb, jsonb_build_object('name', $3::text),
       false, now(), now(), '', '', '', ''
     ) returning id::text as id`,
    [email, DEMO_PASSWORD, name],
  );
  const id = created.rows[0]?.id;
  if (!id) throw new Error(`could not create ${email}`);
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
       created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text,
       'email_verified', true, 'phone_verified', false), 'email', now(), now(), now())
     on conflict (provider_id, provider) do nothing`,
    [id, email],
  );
  // The app's trigger made the profile and the 'user' role; these only repair a missing row.
  await tx.query(
    `insert into public.profiles (user_id, name) values ($1, $2) on conflict (user_id) do nothing`,
    [id, name],
  );
  await tx.query(
    `insert into public.user_roles (user_id, role) values ($1, 'user')
     on conflict (user_id) do nothing`,
    [id],
  );
  return id;
}

async function upsertLessons(
  tx: Queryable,
  timings: Timings,
  adminId: string | null,
): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (const lesson of LESSONS) {
    const timing = timings.lessons[String(lesson.number)];
    if (!timing) throw new Error(`no audio timings for lesson ${lesson.number}`);
    const values = [
      lesson.number,
      lesson.title,
      lesson.description,
      lesson.level,
      lesson.topic,
      Math.round(timing.duration),
      lessonObjectName(lesson.number),
      adminId,
    ];
    await tx.query(
      `insert into public.lessons (lesson_number, title, description, level, topic, duration,
         audio_url, is_published, created_by, language_from, language_to)
       values ($1, $2, $3, $4, $5, $6, $7, true, $8, 'english', 'hungarian')
       on conflict (lesson_number) do update set
         title = excluded.title, description = excluded.description, level = excluded.level,
         topic = excluded.topic, duration = excluded.duration, audio_url = excluded.audio_url,
         is_published = true, created_by = coalesce(public.lessons.created_by, excluded.created_by)
       where (public.lessons.title, public.lessons.description, public.lessons.level,
              public.lessons.topic, public.lessons.duration, public.lessons.audio_url,
              public.lessons.is_published, public.lessons.created_by is null)
         is distinct from
             (excluded.title, excluded.description, excluded.level, excluded.topic,
              excluded.duration, excluded.audio_url, true, false)`,
      values,
    );
    const row = await tx.query<{ id: string }>(
      'select id::text as id from public.lessons where lesson_number = $1',
      [lesson.number],
    );
    const id = row.rows[0]?.id;
    if (!id) throw new Error(`lesson ${lesson.number} missing after upsert`);
    ids.set(lesson.number, id);

    for (const [index, [speaker, text]] of lesson.lines.entries()) {
      const times = timing.lines[index];
      if (!times) throw new Error(`no times for lesson ${lesson.number} line ${index + 1}`);
      await tx.query(
        `insert into public.lesson_transcript (lesson_id, line_number, speaker, text_content,
           start_time, end_time)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (lesson_id, line_number) do update set
           speaker = excluded.speaker, text_content = excluded.text_content,
           start_time = excluded.start_time, end_time = excluded.end_time
         where (lesson_transcript.speaker, lesson_transcript.text_content,
                lesson_transcript.start_time, lesson_transcript.end_time)
           is distinct from
               (excluded.speaker, excluded.text_content, excluded.start_time, excluded.end_time)`,
        [id, index + 1, speaker, text.normalize('NFC'), times.start, times.end],
      );
    }
    await tx.query(
      'delete from public.lesson_transcript where lesson_id = $1 and line_number > $2',
      [id, lesson.lines.length],
    );

    for (const word of lesson.words) {
      const params = [
        id,
        word.hu.normalize('NFC'),
        word.en.normalize('NFC'),
        word.difficulty,
        wordObjectName(word.hu),
      ];
      await tx.query(
        `update public.lesson_vocabulary
         set word_en = $3::text, difficulty = $4::text, audio_file_path = $5::text
         where lesson_id = $1::uuid and word_hu = $2::text
           and (word_en, difficulty, audio_file_path) is distinct from ($3::text, $4::text, $5::text)`,
        params,
      );
      await tx.query(
        `insert into public.lesson_vocabulary (lesson_id, word_hu, word_en, difficulty,
           audio_file_path)
         select $1::uuid, $2::text, $3::text, $4::text, $5::text
         where not exists (
           select 1 from public.lesson_vocabulary where lesson_id = $1::uuid and word_hu = $2::text
         )`,
        params,
      );
    }
  }
  return ids;
}

async function upsertTouristPack(tx: Queryable): Promise<void> {
  for (const [index, [hu, en]] of TOURIST_PACK.entries()) {
    await tx.query(
      `insert into public.tourist_pack_words (position, word_hu, word_en) values ($1, $2, $3)
       on conflict (position) do update set word_hu = excluded.word_hu, word_en = excluded.word_en
       where (tourist_pack_words.word_hu, tourist_pack_words.word_en)
         is distinct from (excluded.word_hu, excluded.word_en)`,
      [index + 1, hu.normalize('NFC'), en.normalize('NFC')],
    );
  }
}

/**
 * The learner's first three days and two feedback messages; written once (skipped when the
 * learner has any progress or feedback).
 */
async function seedLearnerHistory(
  tx: Queryable,
  learnerId: string,
  lessonIds: ReadonlyMap<number, string>,
  now: Date,
  publicUrl: string,
): Promise<void> {
  const started = await tx.query(
    `select 1 from public.user_lesson_progress where user_id = $1
     union all select 1 from public.user_vocabulary_progress where user_id = $1
     union all select 1 from public.flashcard_sessions where user_id = $1
     union all select 1 from public.user_feedback where user_id = $1
     limit 1`,
    [learnerId],
  );
  if (started.rows.length > 0) return;
  const lesson1 = lessonIds.get(1);
  const lesson2 = lessonIds.get(2);
  const firstLesson = LESSONS[0];
  if (!lesson1 || !lesson2 || !firstLesson) return;

  await tx.query(`update public.profiles set time_zone = $2 where user_id = $1`, [
    learnerId,
    LEARNER_TIME_ZONE,
  ]);

  const history = demoHistory(
    firstLesson.words.map((w) => w.hu),
    now,
    DEMO_LEARNER.email,
  );
  const vocabulary = await tx.query<{ id: string; word_hu: string }>(
    'select id::text as id, word_hu from public.lesson_vocabulary where lesson_id = $1',
    [lesson1],
  );
  const vocabularyId = new Map(vocabulary.rows.map((r) => [r.word_hu, r.id]));

  const sessionIds: string[] = [];
  for (const session of history.sessions) {
    const inserted = await tx.query<{ id: string }>(
      `insert into public.flashcard_sessions (user_id, lesson_id, total_cards, correct_answers,
         accuracy, session_completed, completed_at, created_at)
       values ($1, $2, $3, $4, $5, true, $6, $7) returning id::text as id`,
      [
        learnerId,
        session.kind === 'lesson' ? lesson1 : null,
        session.totalCards,
        session.correctAnswers,
        session.accuracy,
        session.completedAt.toISOString(),
        session.startedAt.toISOString(),
      ],
    );
    sessionIds.push(inserted.rows[0]?.id ?? '');
  }

  for (const review of history.reviews) {
    const id = vocabularyId.get(review.word);
    if (!id) continue;
    const log = review.log;
    await tx.query(
      `insert into public.review_log (user_id, vocabulary_id, rating, state, due, stability,
         difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, was_correct,
         reviewed_at, duration_ms, session_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        learnerId,
        id,
        log.rating,
        STATE_VALUES[log.state],
        log.due.toISOString(),
        log.stability,
        log.difficulty,
        log.elapsed_days,
        log.last_elapsed_days,
        log.scheduled_days,
        log.learning_steps,
        review.correct,
        log.review.toISOString(),
        log.duration_ms,
        sessionIds[review.sessionIndex] || null,
      ],
    );
  }

  for (const [word, p] of history.progress) {
    const id = vocabularyId.get(word);
    if (!id) continue;
    await tx.query(
      `insert into public.user_vocabulary_progress (user_id, vocabulary_id, due, stability,
         difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
         last_review, times_seen, times_correct, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $12)
       on conflict (user_id, vocabulary_id) do nothing`,
      [
        learnerId,
        id,
        p.due.toISOString(),
        p.stability,
        p.difficulty,
        p.elapsed_days,
        p.scheduled_days,
        p.learning_steps,
        p.reps,
        p.lapses,
        STATE_VALUES[p.state],
        p.last_review?.toISOString() ?? null,
        p.times_seen,
        p.times_correct,
        history.lesson1AudioAt.toISOString(),
      ],
    );
  }

  // Two messages in the admin's feedback inbox, one new and one being looked at.
  const lessonUrl = `${publicUrl}/lesson/${lesson1}`;
  await tx.query(
    `insert into public.user_feedback (user_id, feedback_type, title, description, status,
       page_url, user_agent, created_at, updated_at)
     values ($1, 'content', $2, $3, 'new', $4, $5, $6, $6),
            ($1, 'feature', $7, $8, 'reviewing', $9, $5, $10, $10)`,
    [
      learnerId,
      'Lesson 1: Bence speaks a bit fast',
      'I can follow the dialogue with the transcript open, but not without it. ' +
        'Could the first lessons be a little slower?',
      lessonUrl,
      'Mozilla/5.0 (demo seed)',
      history.lesson1CompletedAt.toISOString(),
      'Play a single transcript line again',
      'It would help to click a line in the transcript and hear just that sentence again.',
      `${publicUrl}/dashboard`,
      history.lesson2AudioAt.toISOString(),
    ],
  );

  const lessonSession = history.sessions[0];
  await tx.query(
    `insert into public.user_lesson_progress (user_id, lesson_id, audio_completed,
       flashcard_score, flashcard_passed, flashcard_accuracy, is_completed, completed_at,
       created_at, updated_at)
     values ($1, $2, true, $3, true, $4, true, $5, $6, $5),
            ($1, $7, true, null, false, null, false, null, $8, $8)
     on conflict (user_id, lesson_id) do nothing`,
    [
      learnerId,
      lesson1,
      lessonSession?.correctAnswers ?? 0,
      lessonSession?.accuracy ?? 0,
      history.lesson1CompletedAt.toISOString(),
      history.lesson1AudioAt.toISOString(),
      lesson2,
      history.lesson2AudioAt.toISOString(),
    ],
  );
}

/** Seeds the demo content, audio, accounts and learner history. Idempotent. */
export async function seed(ctx: ServerContext): Promise<void> {
  const timings = loadTimings();
  const objects = audioObjects();
  copyAudio(ctx.config.dataDir, objects);
  // Accounts with the published demo password only where they are wanted (not in production
  // unless MAGYARUL_DEMO_ACCOUNTS=true); the content is seeded either way.
  const demoAccounts = ctx.config.demoAccounts !== false;
  await ctx.db.transaction(async (tx) => {
    const adminId = demoAccounts ? await ensureUser(tx, DEMO_ADMIN.email, DEMO_ADMIN.name) : null;
    const learnerId = demoAccounts
      ? await ensureUser(tx, DEMO_LEARNER.email, DEMO_LEARNER.name)
      : null;
    if (adminId) {
      await tx.query(
        `insert into public.user_roles (user_id, role) values ($1, 'admin')
         on conflict (user_id) do update set role = 'admin' where public.user_roles.role <> 'admin'`,
        [adminId],
      );
    }
    const lessonIds = await upsertLessons(tx, timings, adminId);
    await upsertTouristPack(tx);
    await upsertStorageObjects(tx, objects);
    if (learnerId) {
      await seedLearnerHistory(tx, learnerId, lessonIds, new Date(), ctx.config.publicUrl);
    }
  });
}
