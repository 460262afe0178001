import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { makeKeys } from '../../../supabase/local/src/config.ts';
import type { Database } from '../../../supabase/types/database.ts';
import { anonKey, createLearner, DEMO_ADMIN, DEMO_PASSWORD, expect, signIn } from '../support.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const fixture = (name: string): string => join(FIXTURES, name);
/** The NFD spelling of the word file (as macOS Finder hands it over). */
export const NFD_KOSZONOM = 'Köszönöm.mp3'.normalize('NFD');

export type Db = SupabaseClient<Database>;

export function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
}

/** A supabase-js client signed in as `email` (Node side, for arranging and checking data). */
export async function clientFor(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Db> {
  const key = await anonKey(request);
  const db = createClient<Database>(baseUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await db.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return db;
}

export const adminClient = (request: APIRequestContext): Promise<Db> =>
  clientFor(request, DEMO_ADMIN);

export async function learnerClient(
  request: APIRequestContext,
): Promise<{ email: string; db: Db; userId: string }> {
  const email = await createLearner(request);
  const db = await clientFor(request, email);
  const { data } = await db.auth.getUser();
  if (!data.user) throw new Error('no learner');
  return { email, db, userId: data.user.id };
}

/** The run's service role key (what hosted's pg_cron job sends to send-reminders). */
export function serviceRoleKey(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || process.env.E2E_BASE_URL) throw new Error('serviceClient needs the run’s server');
  const secret = readFileSync(join(dataDir, 'data', 'jwt-secret'), 'utf8').trim();
  return makeKeys(secret).serviceRoleKey;
}

/**
 * A service-role client, for arranging what no user may write through the API (a learner's
 * completed lesson, a thousand imported feedback rows). The key is made from the secret the
 * test server keeps in its data directory, so this works only against the server the run
 * started (not with E2E_BASE_URL).
 */
export function serviceClient(): Db {
  return createClient<Database>(baseUrl(), serviceRoleKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/**
 * The learner passes lesson `lessonId` the way the app does: its audio, then the session's
 * `total` answers (each of the lesson's words twice, the first `total - correct` wrong) through
 * record-word-result, then the session (complete_lesson_audio, save_flashcard_session, whose
 * figures are the recorded answers).
 */
export async function passLesson(
  db: Db,
  lessonId: string,
  total: number,
  correct: number,
): Promise<void> {
  const audio = await db.rpc('complete_lesson_audio', { _lesson_id: lessonId });
  if (audio.error) throw audio.error;
  // The session's cards answered as the app answers them (record-word-result, the first
  // `correct` right), every word of the lesson at least once, an hour ago: the words come due
  // only because they were answered (due means answered before).
  const sessionId = crypto.randomUUID();
  const words = await db.from('lesson_vocabulary').select('id').eq('lesson_id', lessonId);
  if (words.error) throw words.error;
  const ids = words.data.map((w) => w.id);
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < total && ids.length > 0; i++) {
    const answer = await db.functions.invoke('record-word-result', {
      body: {
        vocabulary_id: ids[i % ids.length],
        was_correct: i < correct,
        session_id: sessionId,
        answered_at: new Date(start + i * 1000).toISOString(),
      },
    });
    if (answer.error) throw answer.error;
  }
  const session = await db.rpc('save_flashcard_session', {
    _session_id: sessionId,
    _total_cards: total,
    _correct_answers: correct,
    _lesson_id: lessonId,
  });
  if (session.error) throw session.error;
}

export async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_ADMIN);
}

let unique = 0;
/** A lesson number no seeded or parallel test uses. */
export function uniqueNumber(): number {
  unique += 1;
  return 100_000 + ((process.pid * 97 + Date.now()) % 800_000) + unique;
}

export function uniqueTitle(tag: string): string {
  unique += 1;
  return `${tag} ${process.pid}-${Date.now().toString(36)}-${unique}`;
}

/** A draft lesson with a transcript and words, made through the admin's API session. */
export async function makeLesson(
  db: Db,
  options: { title?: string; published?: boolean; number?: number; words?: boolean } = {},
): Promise<{ id: string; title: string; number: number }> {
  const title = options.title ?? uniqueTitle('Lesson');
  const number = options.number ?? uniqueNumber();
  const { data, error } = await db
    .from('lessons')
    .insert({
      title,
      lesson_number: number,
      level: 'beginner',
      is_published: options.published ?? false,
      duration: 95,
    })
    .select('id')
    .single();
  if (error) throw error;
  const id = data.id;
  const lines = await db.from('lesson_transcript').insert([
    {
      lesson_id: id,
      line_number: 1,
      speaker: 'narrator',
      text_content: 'Anna a boltban.',
      start_time: 0,
      end_time: 4,
    },
    {
      lesson_id: id,
      line_number: 2,
      speaker: 'anna',
      text_content: 'Jó napot!',
      start_time: 5,
      end_time: 9,
    },
  ]);
  if (lines.error) throw lines.error;
  if (options.words !== false) {
    const words = await db.from('lesson_vocabulary').insert([
      { lesson_id: id, word_hu: 'alma', word_en: 'apple', difficulty: 'beginner' },
      { lesson_id: id, word_hu: 'kenyér', word_en: 'bread', difficulty: 'advanced' },
    ]);
    if (words.error) throw words.error;
  }
  return { id, title, number };
}

type TranscriptRow = Database['public']['Tables']['lesson_transcript']['Row'];
type VocabularyRow = Database['public']['Tables']['lesson_vocabulary']['Row'];

/** Every column of a lesson's transcript lines, in line order. */
export async function transcriptRows(db: Db, lessonId: string): Promise<TranscriptRow[]> {
  const { data, error } = await db
    .from('lesson_transcript')
    .select('*')
    .eq('lesson_id', lessonId)
    .order('line_number');
  if (error) throw error;
  return data;
}

/** Every column of a lesson's words, in the order the editor shows them. */
export async function vocabularyRows(db: Db, lessonId: string): Promise<VocabularyRow[]> {
  const { data, error } = await db
    .from('lesson_vocabulary')
    .select('*')
    .eq('lesson_id', lessonId)
    .order('created_at')
    .order('created_seq');
  if (error) throw error;
  return data;
}

/** The id of the seeded lesson with this number. */
export async function seedLessonId(db: Db, lessonNumber: number): Promise<string> {
  const { data, error } = await db
    .from('lessons')
    .select('id')
    .eq('lesson_number', lessonNumber)
    .single();
  if (error) throw error;
  return data.id;
}

/**
 * A draft copy of a seeded lesson under a new number (>= 900): its audio, its transcript with
 * the studio's timings and every translation, and its words. Tests that save and edit work on
 * the copy, so the seed the learner tests read stays as it is.
 */
export async function copySeedLesson(
  db: Db,
  lessonNumber: number,
): Promise<{ id: string; title: string; number: number }> {
  const sourceId = await seedLessonId(db, lessonNumber);
  const { data: source, error } = await db.from('lessons').select('*').eq('id', sourceId).single();
  if (error) throw error;
  const title = uniqueTitle(`Copy of lesson ${lessonNumber}`);
  const number = uniqueNumber();
  const { data: copy, error: copyError } = await db
    .from('lessons')
    .insert({
      title,
      lesson_number: number,
      level: source.level,
      description: source.description,
      topic: source.topic,
      duration: source.duration,
      audio_url: source.audio_url,
      is_published: false,
    })
    .select('id')
    .single();
  if (copyError) throw copyError;
  // The lesson's characters first: a line spoken by one names it (lesson 1's neighbour).
  const characters = await db
    .from('lesson_characters')
    .select('key, name_en, name_de, name_es, sex, voice')
    .eq('lesson_id', sourceId);
  if (characters.error) throw characters.error;
  if (characters.data.length > 0) {
    const insertedCharacters = await db
      .from('lesson_characters')
      .insert(characters.data.map((c) => ({ ...c, lesson_id: copy.id })));
    if (insertedCharacters.error) throw insertedCharacters.error;
  }
  const lines = (await transcriptRows(db, sourceId)).map(
    ({ id: _id, lesson_id: _lesson, created_at: _c, updated_at: _u, ...line }) => ({
      ...line,
      lesson_id: copy.id,
    }),
  );
  const insertedLines = await db.from('lesson_transcript').insert(lines);
  if (insertedLines.error) throw insertedLines.error;
  const words = (await vocabularyRows(db, sourceId)).map((w) => ({
    lesson_id: copy.id,
    word_hu: w.word_hu,
    word_en: w.word_en,
    word_de: w.word_de,
    word_es: w.word_es,
    difficulty: w.difficulty,
    audio_file_path: w.audio_file_path,
  }));
  const insertedWords = await db.from('lesson_vocabulary').insert(words);
  if (insertedWords.error) throw insertedWords.error;
  return { id: copy.id, title, number };
}

/**
 * Sets a lesson's number field back to the lesson's own number and checks that no duplicate
 * warning is shown. The warning goes at once; the check that runs 500 ms later excludes this
 * lesson. So this waits for that check's answer (no other lesson) and for the page to render it
 * before asserting the absence, which would otherwise hold before the check ran.
 */
export async function expectOwnNumberAccepted(
  page: Page,
  field: Locator,
  lesson: { id: string; number: number },
  scope: Page | Locator = page,
): Promise<void> {
  const ownNumberChecked = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/rest/v1/lessons' &&
      url.searchParams.get('lesson_number') === `eq.${lesson.number}` &&
      url.searchParams.get('id') === `neq.${lesson.id}`
    );
  });
  await field.fill(String(lesson.number));
  expect(await (await ownNumberChecked).json()).toEqual([]);
  // A task, then two frames: React has committed what the answer changed.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0);
      }),
  );
  await expect(scope.getByText('This lesson number already exists')).toHaveCount(0);
}
