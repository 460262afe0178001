import type { APIRequestContext, Page } from '@playwright/test';
import { learnerClient, seedLessonId, type Db } from './admin/admin-support.ts';
import { expect } from './support.ts';

// Practice e2e helpers (issue 30): a learner who passed lesson 1 the way the app does (its audio,
// twenty right answers through record-word-result, the session saved), the lesson's lines and
// words as the tests expect them, and the learner's answers as the server stored them.

export type Line = { id: string; line_number: number; text_content: string };
export type Word = {
  id: string;
  word_hu: string;
  word_en: string;
  word_de: string | null;
  audio_file_path: string | null;
};

export type PracticeLearner = {
  email: string;
  db: Db;
  userId: string;
  lessonId: string;
  lines: Line[];
  words: Word[];
};

/** The lesson's audio, then a session of right answers recorded and saved: the lesson passes. */
export async function passLessonByAnswers(db: Db, lessonId: string, words: readonly Word[]) {
  const audio = await db.rpc('complete_lesson_audio', { _lesson_id: lessonId });
  if (audio.error) throw audio.error;
  const sessionId = crypto.randomUUID();
  const cards = Math.min(20, 2 * words.length);
  for (let i = 0; i < cards; i++) {
    const { error } = await db.functions.invoke('record-word-result', {
      body: {
        vocabulary_id: words[i % words.length]?.id,
        was_correct: true,
        session_id: sessionId,
      },
    });
    if (error) throw error;
  }
  const saved = await db.rpc('save_flashcard_session', {
    _session_id: sessionId,
    _total_cards: cards,
    _correct_answers: cards,
    _lesson_id: lessonId,
  });
  if (saved.error) throw saved.error;
}

/** A new learner with lesson 1 passed (its lines and, recognised, its words open to practise). */
export async function practiceLearner(request: APIRequestContext): Promise<PracticeLearner> {
  const { email, db, userId } = await learnerClient(request);
  const lessonId = await seedLessonId(db, 1);
  const lines = await db
    .from('lesson_transcript')
    .select('id, line_number, text_content')
    .eq('lesson_id', lessonId)
    .order('line_number');
  const words = await db
    .from('lesson_vocabulary')
    .select('id, word_hu, word_en, word_de, audio_file_path')
    .eq('lesson_id', lessonId)
    .order('created_at')
    .order('created_seq');
  if (lines.error) throw lines.error;
  if (words.error) throw words.error;
  await passLessonByAnswers(db, lessonId, words.data);
  return { email, db, userId, lessonId, lines: lines.data, words: words.data };
}

/** The Hungarian of a meaning as the German cards show it (German, or the English fallback). */
export function hungarianOf(words: readonly Word[], meaning: string): string {
  const word = words.find((w) => (w.word_de ?? w.word_en) === meaning.trim());
  if (!word) throw new Error(`no word means "${meaning}"`);
  return word.word_hu;
}

/** A spelling that misses the accents (a near miss), or one letter too many without any. */
export function nearMiss(hungarian: string): string {
  const bare = hungarian.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return bare === hungarian ? `${hungarian}x` : bare;
}

/** The learner's answers in skills other than recognition, oldest first. */
export async function practiceReviews(
  db: Db,
): Promise<
  { skill: string; rating: number; was_correct: boolean; client_answer_id: string | null }[]
> {
  const { data, error } = await db
    .from('review_log')
    .select('skill, rating, was_correct, client_answer_id')
    .neq('skill', 'recognition')
    .order('reviewed_at');
  if (error) throw error;
  return data;
}

/** The interface in German from the next page on (signIn reads the English form). */
export async function inGerman(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('magyarul.language', 'de'));
}

/** The lesson's Practice tab with the kind started: Diktat, Sag es, Schreib das Wort, Hören. */
export async function startPractice(page: Page, lessonId: string, kind: string): Promise<void> {
  await page.goto(`/lesson/${lessonId}`);
  await page.getByRole('tab', { name: 'Üben' }).click();
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: kind }) });
  await item.getByRole('button', { name: 'Starten' }).click();
  await expect(page.getByRole('region', { name: /^Karte 1 von \d+$/ })).toBeVisible();
}

/** The card on screen. */
export const currentCard = (page: Page) =>
  page.getByRole('region', { name: /^Karte \d+ von \d+$/ });
