import { getSupabase, toAppError, type AppClient } from '../lib/supabase.ts';
import type { Database, Json } from '../lib/database.ts';
import { LESSON_BUCKETS, sanitizeFileName } from '@magyarul/core/files';
import {
  adminObjectUrl,
  publishLessons,
  removeLessonObjects,
  unpublishLessons,
  uploadLessonObject,
} from './lesson-files.ts';
import { LESSON_AUDIO_BUCKET as AUDIO_BUCKET } from '@magyarul/core/lessons';
import type { TranscriptSaveLine } from '@magyarul/core/lessons';

// Every call of the admin side (spec/admin-side.md §7), one function each, throwing AppError.

type Tables = Database['public']['Tables'];
export type AdminLesson = Tables['lessons']['Row'];
export type LessonUpdate = Tables['lessons']['Update'];
export type TranscriptRow = Tables['lesson_transcript']['Row'];
export type VocabularyRow = Tables['lesson_vocabulary']['Row'];
export type VocabularyInsert = Tables['lesson_vocabulary']['Insert'];
export type FeedbackRow = Tables['user_feedback']['Row'];
import type { FeedbackStatus } from '@magyarul/core/enums';

export type { FeedbackStatus };
type Functions = Database['public']['Functions'];
export type UserProgressRow = Functions['admin_user_progress']['Returns'][number];
export type UserTotalsRow = Functions['admin_user_progress_totals']['Returns'][number];
export type DailyActiveRow = Functions['admin_daily_active_learners']['Returns'][number];
export type LessonCompletionRow = Functions['admin_lesson_completion']['Returns'][number];
export type WordAccuracyRow = Functions['admin_word_accuracy']['Returns'][number];

export { AUDIO_BUCKET };

// Reads the learner side also makes (one query, one place).
export { fetchLesson as fetchLessonById, fetchTranscript, fetchVocabulary } from '../lib/api.ts';

export async function client(): Promise<AppClient> {
  return getSupabase();
}

export async function fetchAllLessons(): Promise<AdminLesson[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lessons')
    .select('*')
    .order('lesson_number', { ascending: true });
  if (error) throw toAppError(error);
  return data;
}

/** Highest lesson_number, or null when there is none. */
export async function fetchHighestLessonNumber(): Promise<number | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lessons')
    .select('lesson_number')
    .not('lesson_number', 'is', null)
    .order('lesson_number', { ascending: false })
    .limit(1);
  if (error) throw toAppError(error);
  return data[0]?.lesson_number ?? null;
}

export async function fetchLevels(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lessons').select('level').not('level', 'is', null);
  if (error) throw toAppError(error);
  return [...new Set(data.map((r) => r.level))];
}

/** Another lesson with this number (the current one excluded), for the duplicate warning. */
export async function findLessonWithNumber(
  lessonNumber: number,
  excludeId: string | null,
): Promise<Pick<AdminLesson, 'id' | 'title' | 'is_published' | 'lesson_number'> | null> {
  const supabase = await getSupabase();
  let query = supabase
    .from('lessons')
    .select('id, title, is_published, lesson_number')
    .eq('lesson_number', lessonNumber);
  if (excludeId !== null) query = query.neq('id', excludeId);
  const { data, error } = await query.limit(1);
  if (error) throw toAppError(error);
  return data[0] ?? null;
}

/** Publishes or unpublishes lessons, their files first (lesson-files.ts, DESIGN.md §13). */
export async function setPublished(ids: readonly string[], published: boolean): Promise<void> {
  const setFlag = async (supabase: AppClient) => {
    const { error } = await supabase
      .from('lessons')
      .update({ is_published: published })
      .in('id', [...ids]);
    if (error) throw toAppError(error);
  };
  await (published ? publishLessons(ids, setFlag) : unpublishLessons(ids, setFlag));
}

/**
 * QA's Approve: publishes those of `ids` that are drafts and returns how many it published (a
 * lesson published meanwhile, or already, is neither changed nor counted).
 */
export async function approveDrafts(ids: readonly string[]): Promise<number> {
  let published = 0;
  await publishLessons(ids, async (supabase) => {
    const { data, error } = await supabase
      .from('lessons')
      .update({ is_published: true })
      .in('id', [...ids])
      .eq('is_published', false)
      .select('id');
    if (error) throw toAppError(error);
    published = data.length;
  });
  return published;
}

/** Saves a lesson's fields; a change of is_published moves its files first (setPublished). */
export async function updateLesson(id: string, patch: LessonUpdate): Promise<void> {
  const setFlag = async (supabase: AppClient) => {
    const { error } = await supabase.from('lessons').update(patch).eq('id', id);
    if (error) throw toAppError(error);
  };
  if (patch.is_published === true) await publishLessons([id], setFlag);
  else if (patch.is_published === false) await unpublishLessons([id], setFlag);
  else await setFlag(await getSupabase());
}

export async function deleteLessons(ids: readonly string[]): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('lessons')
    .delete()
    .in('id', [...ids]);
  if (error) throw toAppError(error);
}

export type TranslationStatusRow = Functions['admin_translation_status']['Returns'][number];

/** The lines as read, for save_lesson_transcript's check that nobody saved meanwhile. */
export type TranscriptReadStamp = { readonly id: string; readonly updated_at: string };

/** Why a transcript save was refused: someone saved the lesson's transcript after it was read. */
export class TranscriptChangedError extends Error {
  constructor() {
    super('The transcript changed since it was read');
    this.name = 'TranscriptChangedError';
  }
}

/**
 * Saves the lesson's transcript in place, in one transaction (save_lesson_transcript): lines
 * keep their ids, rows that did not change are not written, columns the editor does not know
 * are never touched. `expected` is what the editor read; if the stored lines differ from it,
 * nothing is saved and TranscriptChangedError is thrown. Returns the lines as now stored.
 */
export async function saveTranscript(
  lessonId: string,
  lines: readonly TranscriptSaveLine[],
  expected: readonly TranscriptReadStamp[],
): Promise<TranscriptRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('save_lesson_transcript', {
    _lesson_id: lessonId,
    _lines: [...lines] satisfies Json,
    _expected: [...expected] satisfies Json,
  });
  if (error?.code === '40001') throw new TranscriptChangedError();
  if (error) throw toAppError(error);
  return data;
}

/** Per lesson: words and lines, and how many have a meaning or translation per language. */
export async function fetchTranslationStatus(): Promise<TranslationStatusRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_translation_status');
  if (error) throw toAppError(error);
  return data;
}

export async function insertVocabulary(row: VocabularyInsert): Promise<VocabularyRow> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lesson_vocabulary').insert(row).select().single();
  if (error) throw toAppError(error);
  return data;
}

export async function updateVocabulary(
  id: string,
  patch: Tables['lesson_vocabulary']['Update'],
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('lesson_vocabulary').update(patch).eq('id', id);
  if (error) throw toAppError(error);
}

export async function deleteVocabulary(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('lesson_vocabulary').delete().eq('id', id);
  if (error) throw toAppError(error);
}

export async function insertQaReview(lessonId: string, notes: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('lesson_qa_reviews')
    .insert({ lesson_id: lessonId, qa_notes: notes, status: 'approved' });
  if (error) throw toAppError(error);
}

/** Storage path '{owner}/{timestamp}-{sanitized name}' (spec §7). */
export function objectPath(owner: string, fileName: string): string {
  return `${owner}/${Date.now()}-${sanitizeFileName(fileName)}`;
}

/** Uploads a lesson file (audio and images privately until published: lesson-files.ts). */
export const uploadObject = uploadLessonObject;

export const removeObjects = removeLessonObjects;

/** The object path inside lesson-audio for a stored URL or path, or null for foreign URLs. */
export function audioObjectPath(stored: string): string | null {
  const marker = `/storage/v1/object/public/${AUDIO_BUCKET}/`;
  const at = stored.indexOf(marker);
  if (at >= 0) return decodeURIComponent(stored.slice(at + marker.length));
  if (/^https?:/i.test(stored)) return null;
  return stored.replace(/^\/+/, '');
}

/**
 * A URL the admin can play for a stored audio_url / audio_file_path (full URL or lesson-audio
 * path): a signed URL of its private copy, else its public URL (lesson-files.ts).
 */
export async function audioUrlOf(stored: string | null): Promise<string | null> {
  if (!stored) return null;
  const path = audioObjectPath(stored);
  return path === null ? stored : adminObjectUrl(AUDIO_BUCKET, path);
}

/**
 * Rows per request of the paged admin lists. Hosted PostgREST answers at most 1,000 rows
 * (db-max-rows), so nothing that lists every row may rely on one request.
 */
export const ADMIN_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 1000;

export type FeedbackFilter = 'all' | 'new' | 'reviewing' | 'bug' | 'feature';
export type FeedbackStats = Record<FeedbackFilter, number>;

/** The stat cards and filter counts, over every row (admin_feedback_stats). */
export async function fetchFeedbackStats(): Promise<FeedbackStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_feedback_stats');
  if (error) throw toAppError(error);
  const row = data[0];
  return {
    all: row?.total ?? 0,
    new: row?.status_new ?? 0,
    reviewing: row?.status_reviewing ?? 0,
    bug: row?.type_bug ?? 0,
    feature: row?.type_feature ?? 0,
  };
}

/** One page of the inbox, newest first, filtered on the server; total is the filter's count. */
export async function fetchFeedbackPage(
  filter: FeedbackFilter,
  page: number,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const supabase = await getSupabase();
  let query = supabase.from('user_feedback').select('*', { count: 'exact' });
  if (filter === 'new' || filter === 'reviewing') query = query.eq('status', filter);
  if (filter === 'bug' || filter === 'feature') query = query.eq('feedback_type', filter);
  const from = page * ADMIN_PAGE_SIZE;
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toAppError(error);
  return { rows: data, total: count ?? data.length };
}

/**
 * Every feedback row, newest first, for the CSV export: pages of 1,000 read by keyset (after
 * the last row's created_at and id), so rows arriving meanwhile neither repeat nor push others
 * out of the export.
 */
export async function fetchAllFeedback(): Promise<FeedbackRow[]> {
  const supabase = await getSupabase();
  const rows: FeedbackRow[] = [];
  for (;;) {
    let query = supabase.from('user_feedback').select('*');
    const last = rows[rows.length - 1];
    if (last) {
      const at = JSON.stringify(last.created_at);
      query = query.or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${last.id})`);
    }
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(EXPORT_PAGE_SIZE);
    if (error) throw toAppError(error);
    rows.push(...data);
    if (data.length < EXPORT_PAGE_SIZE) return rows;
  }
}

export async function updateFeedbackStatus(id: string, status: FeedbackStatus): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('user_feedback').update({ status }).eq('id', id);
  if (error) throw toAppError(error);
}

/** The Users tab's stat cards, aggregated over every learner. */
export async function fetchUserTotals(): Promise<UserTotalsRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_user_progress_totals');
  if (error) throw toAppError(error);
  return data[0] ?? null;
}

/** One page of the users overview, most recently active first; the search runs in SQL. */
export async function fetchUserProgressPage(
  search: string,
  page: number,
): Promise<{ users: UserProgressRow[]; total: number }> {
  const supabase = await getSupabase();
  const from = page * ADMIN_PAGE_SIZE;
  const needle = search.trim();
  const { data, error, count } = await supabase
    .rpc('admin_user_progress', needle ? { _search: needle } : {}, { count: 'exact' })
    .order('last_activity', { ascending: false, nullsFirst: false })
    .order('user_id', { ascending: true })
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toAppError(error);
  return { users: data, total: count ?? data.length };
}

/** Every row of a set-returning call, read in pages of 1,000 (the hosted response limit). */
async function allRows<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const { data, error } = await page(rows.length, rows.length + EXPORT_PAGE_SIZE - 1);
    if (error) throw toAppError(error);
    rows.push(...(data ?? []));
    if ((data ?? []).length < EXPORT_PAGE_SIZE) return rows;
  }
}

export async function fetchAnalytics(): Promise<{
  daily: DailyActiveRow[];
  completion: LessonCompletionRow[];
  words: WordAccuracyRow[];
}> {
  const supabase = await getSupabase();
  const [daily, completion, words] = await Promise.all([
    supabase.rpc('admin_daily_active_learners', { _days: 14 }),
    // One row per lesson: past 1,000 lessons a single response would drop some.
    allRows((from, to) =>
      supabase
        .rpc('admin_lesson_completion')
        .order('lesson_number', { ascending: true, nullsFirst: false })
        .order('lesson_id', { ascending: true })
        .range(from, to),
    ),
    supabase.rpc('admin_word_accuracy', { _limit: 15 }),
  ]);
  if (daily.error) throw toAppError(daily.error);
  if (words.error) throw toAppError(words.error);
  return { daily: daily.data, completion, words: words.data };
}

export async function generateLessonImage(body: {
  lessonTitle: string;
  lessonDescription: string;
  lessonLevel: string;
  transcriptPreview: string;
}): Promise<{ imageUrl: string | null; previewUrl: string | null }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<{ imageUrl?: string; path?: string }>(
    'generate-lesson-image',
    { body },
  );
  if (error) throw toAppError(error);
  const imageUrl = data?.imageUrl ?? null;
  // The picture stays private until its lesson is published: the admin sees it by a signed URL.
  const previewUrl =
    imageUrl && data?.path ? await adminObjectUrl(LESSON_BUCKETS.image, data.path) : null;
  return { imageUrl, previewUrl };
}
