// The demo seed of the embedded backend: called once on the first boot of a data directory
// (after the migrations), and safe to run again: every row is upserted by its natural key and
// an unchanged row is left untouched, so a second run changes nothing.
//
// What it creates: the thirty published lessons (titles and descriptions in English, German and
// Spanish) with their characters, transcript (times for the slow, normal and natural audio,
// translations in the three languages), notes and vocabulary (meanings in the three languages;
// seed-lessons.ts), the 150-word tourist pack, the lesson (three renderings) and word MP3s in the
// lesson-audio bucket (bytes on disk and storage.objects rows), the demo accounts admin@magyarul.local and learner@magyarul.local
// (password magyarul-demo, demo only) and the demo learner's first three days of study.
import { createHash, randomUUID } from 'node:crypto';
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
  naturalLessonAudioFile,
  naturalLessonObjectName,
  slowLessonAudioFile,
  slowLessonObjectName,
  wordAudioFile,
  wordObjectName,
} from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { TOURIST_PACK } from './content/tourist-pack.ts';
import { demoHistory } from './demo-progress.ts';
import { upsertLessons } from './seed-lessons.ts';

import { DEMO_ADMIN, DEMO_LEARNER, DEMO_PASSWORD } from './demo-accounts.ts';

export { DEMO_ADMIN, DEMO_LEARNER, DEMO_PASSWORD, lockDemoAccounts } from './demo-accounts.ts';
/** The demo learner studies in Budapest time (streaks and "today" use the profile's zone). */
const LEARNER_TIME_ZONE = 'Europe/Budapest';

const STATE_VALUES = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

type AudioObject = { name: string; file: string };

function audioObjects(): AudioObject[] {
  return [
    ...LESSONS.flatMap((l) => [
      {
        name: lessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', lessonAudioFile(l.number)),
      },
      {
        name: slowLessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', slowLessonAudioFile(l.number)),
      },
      {
        name: naturalLessonObjectName(l.number),
        file: join(AUDIO_DIR, 'lessons', naturalLessonAudioFile(l.number)),
      },
    ]),
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

async function upsertTouristPack(tx: Queryable): Promise<void> {
  for (const [index, [hu, en, de, es]] of TOURIST_PACK.entries()) {
    await tx.query(
      `insert into public.tourist_pack_words (position, word_hu, word_en, word_de, word_es)
       values ($1, $2, $3, $4, $5)
       on conflict (position) do update set word_hu = excluded.word_hu,
         word_en = excluded.word_en, word_de = excluded.word_de, word_es = excluded.word_es
       where (tourist_pack_words.word_hu, tourist_pack_words.word_en, tourist_pack_words.word_de,
              tourist_pack_words.word_es)
         is distinct from (excluded.word_hu, excluded.word_en, excluded.word_de, excluded.word_es)`,
      [
        index + 1,
        hu.normalize('NFC'),
        en.normalize('NFC'),
        de.normalize('NFC'),
        es.normalize('NFC'),
      ],
    );
  }
}

/**
 * Runs `work` inside the seed's transaction as an API role with its JWT claims, the way
 * PostgREST does, so the procedures see the caller they check.
 */
async function asRole<T>(
  tx: Queryable,
  as: { role: string; claims: Record<string, string> },
  work: () => Promise<T>,
): Promise<T> {
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(as.claims)]);
  await tx.query(`select set_config('role', $1, true)`, [as.role]);
  try {
    return await work();
  } finally {
    await tx.query(`select set_config('role', 'none', true)`);
    await tx.query(`select set_config('request.jwt.claims', '', true)`);
  }
}

/**
 * The moment the demo history ends (its days are this moment 1, 2 and 3 days back, each day's
 * steps within 31 minutes after it): `now`, or an hour earlier when `now` is between 03:00 and
 * 04:00 in the learner's zone, where a local day starts at 04:00 (local_day). Otherwise a day's
 * answers and its lesson step fell on two local days and the streak read 1, not 3, for half an
 * hour every night (found by CI at 03:35 Budapest time).
 */
export function clearOfDayStart(now: Date, timeZone: string): Date {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  return hour === 3 ? new Date(now.getTime() - 3_600_000) : now;
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

  // A daily goal of 10 answers: the history's days (20 answers, 11, then one and lesson 2's
  // audio) are goal days, so the streak counts three.
  await tx.query(`update public.profiles set time_zone = $2, daily_goal = 10 where user_id = $1`, [
    learnerId,
    LEARNER_TIME_ZONE,
  ]);

  const history = demoHistory(
    firstLesson.words.map((w) => w.hu),
    clearOfDayStart(now, LEARNER_TIME_ZONE),
    DEMO_LEARNER.email,
  );
  const vocabulary = await tx.query<{ id: string; word_hu: string }>(
    'select id::text as id, word_hu from public.lesson_vocabulary where lesson_id = $1',
    [lesson1],
  );
  const vocabularyId = new Map(vocabulary.rows.map((r) => [r.word_hu, r.id]));

  // The history goes through the procedures the app uses (progress is written through the
  // rules): the steps as the learner, the answers as the record-word-result function does, each
  // with the time it happened (within the procedures' 7-day window).
  const learner = { role: 'authenticated', claims: { sub: learnerId, role: 'authenticated' } };
  const functionRole = { role: 'service_role', claims: { role: 'service_role' } };
  const sessionIds = history.sessions.map(() => randomUUID());
  await asRole(tx, learner, () =>
    tx.query('select public.complete_lesson_audio($1, $2)', [
      lesson1,
      history.lesson1AudioAt.toISOString(),
    ]),
  );
  const repsBefore = new Map<string, number>();
  for (const [index, session] of history.sessions.entries()) {
    for (const review of history.reviews.filter((r) => r.sessionIndex === index)) {
      const id = vocabularyId.get(review.word);
      if (!id) continue;
      const { log, progress: next } = review;
      await asRole(tx, functionRole, () =>
        tx.query(
          `select * from public.record_answer(
             _user_id => $1, _vocabulary_id => $2, _was_correct => $3, _rating => $4,
             _answered_at => $5, _due => $6, _stability => $7, _difficulty => $8,
             _elapsed_days => $9, _scheduled_days => $10, _learning_steps => $11, _reps => $12,
             _lapses => $13, _state => $14, _log_state => $15, _log_due => $16,
             _log_stability => $17, _log_difficulty => $18, _log_elapsed_days => $19,
             _log_last_elapsed_days => $20, _log_scheduled_days => $21,
             _log_learning_steps => $22, _duration_ms => $23, _session_id => $24,
             _expected_reps => $25)`,
          [
            learnerId,
            id,
            review.correct,
            log.rating,
            log.review.toISOString(),
            next.due.toISOString(),
            next.stability,
            next.difficulty,
            Math.round(next.elapsed_days),
            Math.round(next.scheduled_days),
            next.learning_steps,
            next.reps,
            next.lapses,
            STATE_VALUES[next.state],
            STATE_VALUES[log.state],
            log.due.toISOString(),
            log.stability,
            log.difficulty,
            Math.round(log.elapsed_days),
            Math.round(log.last_elapsed_days),
            Math.round(log.scheduled_days),
            log.learning_steps,
            log.duration_ms,
            sessionIds[index],
            repsBefore.get(review.word) ?? 0,
          ],
        ),
      );
      repsBefore.set(review.word, next.reps);
    }
    await asRole(tx, learner, () =>
      tx.query('select public.save_flashcard_session($1, $2, $3, $4, $5)', [
        sessionIds[index],
        session.totalCards,
        session.correctAnswers,
        session.kind === 'lesson' ? lesson1 : null,
        session.completedAt.toISOString(),
      ]),
    );
  }
  await asRole(tx, learner, () =>
    tx.query('select public.complete_lesson_audio($1, $2)', [
      lesson2,
      history.lesson2AudioAt.toISOString(),
    ]),
  );

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
