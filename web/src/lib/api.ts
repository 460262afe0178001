import { AppError, getSupabase, toAppError } from './supabase.ts';
import type { LessonProgressRow, LessonRow, TranscriptRow, VocabularyRow } from './database.ts';
import type { CardWord } from './flashcards.ts';
import type { FeedbackType } from './forms.ts';

// Every call the learner pages make (spec/learner-side.md §7), one function each, throwing
// AppError on failure so TanStack Query and the pages decide what the user sees.

export type LessonSummary = Pick<
  LessonRow,
  'id' | 'title' | 'description' | 'duration' | 'level' | 'lesson_number'
>;

export async function fetchPreviewLessons(): Promise<LessonSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lessons')
    .select('id, title, description, duration, level, lesson_number')
    .eq('is_published', true)
    .order('lesson_number', { ascending: true })
    .limit(6);
  if (error) throw toAppError(error);
  return data;
}

export async function fetchPublishedLessons(): Promise<LessonSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lessons')
    .select('id, title, description, duration, level, lesson_number')
    .eq('is_published', true)
    .order('lesson_number', { ascending: true });
  if (error) throw toAppError(error);
  return data;
}

export async function fetchLesson(id: string): Promise<LessonRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lessons').select('*').eq('id', id).maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export async function fetchTranscript(lessonId: string): Promise<TranscriptRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lesson_transcript')
    .select('*')
    .eq('lesson_id', lessonId)
    .order('line_number', { ascending: true });
  if (error) throw toAppError(error);
  return data;
}

export async function fetchVocabulary(lessonId: string): Promise<VocabularyRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lesson_vocabulary')
    .select('*')
    .eq('lesson_id', lessonId);
  if (error) throw toAppError(error);
  return data;
}

export async function fetchLessonProgress(
  userId: string,
  lessonId: string,
): Promise<LessonProgressRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_lesson_progress')
    .select('*')
    .eq('user_id', userId)
    .eq('lesson_id', lessonId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export async function fetchCompletedLessonCount(userId: string): Promise<number> {
  const supabase = await getSupabase();
  const { count, error } = await supabase
    .from('user_lesson_progress')
    .select('lesson_id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .eq('is_completed', true);
  if (error) throw toAppError(error);
  return count ?? 0;
}

export async function fetchAllProgress(userId: string): Promise<LessonProgressRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_lesson_progress')
    .select('*')
    .eq('user_id', userId);
  if (error) throw toAppError(error);
  return data;
}

export async function saveAudioCompleted(userId: string, lessonId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('user_lesson_progress').upsert(
    {
      user_id: userId,
      lesson_id: lessonId,
      audio_completed: true,
      updated_at: new Date().toISOString(),
    },
    { onConflict: 'user_id,lesson_id' },
  );
  if (error) throw toAppError(error);
}

export async function saveFlashcardPass(
  userId: string,
  lessonId: string,
  score: number,
  accuracy: number,
): Promise<void> {
  const supabase = await getSupabase();
  const now = new Date().toISOString();
  const { error } = await supabase.from('user_lesson_progress').upsert(
    {
      user_id: userId,
      lesson_id: lessonId,
      audio_completed: true,
      flashcard_score: score,
      flashcard_passed: true,
      flashcard_accuracy: accuracy,
      is_completed: true,
      completed_at: now,
      updated_at: now,
    },
    { onConflict: 'user_id,lesson_id' },
  );
  if (error) throw toAppError(error);
}

export async function saveFlashcardSession(
  userId: string,
  lessonId: string | null,
  totalCards: number,
  correctAnswers: number,
  accuracy: number,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('flashcard_sessions').insert({
    user_id: userId,
    lesson_id: lessonId,
    total_cards: totalCards,
    correct_answers: correctAnswers,
    accuracy,
    session_completed: true,
    completed_at: new Date().toISOString(),
  });
  if (error) throw toAppError(error);
}

type WordsResponse = { words?: CardWord[] };

function asWords(data: unknown): CardWord[] {
  const words = (data as WordsResponse | null)?.words;
  return Array.isArray(words)
    ? words.map((w) => {
        const raw = w as CardWord & { vocabulary_id?: string };
        return { ...raw, id: raw.vocabulary_id ?? raw.id };
      })
    : [];
}

export async function fetchInterleavedWords(lessonId: string): Promise<CardWord[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke('get-interleaved-words', {
    body: { current_lesson_id: lessonId, new_word_count: 12, review_word_count: 8 },
  });
  if (error) throw toAppError(error);
  return asWords(data);
}

export async function fetchDueWords(): Promise<CardWord[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke('get-due-words', {
    body: { limit: 20, include_overdue: true },
  });
  if (error) throw toAppError(error);
  return asWords(data);
}

/** Failure is only logged (spec §8): a lost review must never interrupt the session. */
export async function recordWordResult(vocabularyId: string, wasCorrect: boolean): Promise<void> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.functions.invoke('record-word-result', {
      body: { vocabulary_id: vocabularyId, was_correct: wasCorrect, session_id: null },
    });
    if (error) console.error('record-word-result failed', error);
  } catch (error) {
    console.error('record-word-result failed', error);
  }
}

export async function fetchTouristPack(
  userId: string,
): Promise<{ reviewed: number; total: number }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_tourist_pack_progress', { _user_id: userId });
  if (error) throw toAppError(error);
  const row = Array.isArray(data)
    ? data[0]
    : (data as { reviewed_words: number; total_words: number } | null);
  return {
    reviewed: Number(row?.reviewed_words ?? 0),
    total: Number(row?.total_words ?? 150) || 150,
  };
}

export async function fetchReviewedWordsCount(userId: string): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_user_reviewed_words_count', { _user_id: userId });
  if (error) throw toAppError(error);
  return Number(data ?? 0);
}

export async function fetchStreak(userId: string): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_streak', { _user_id: userId });
  if (error) throw toAppError(error);
  return Number(data ?? 0);
}

export async function fetchProfileName(userId: string): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('name')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data?.name ?? '';
}

export async function saveProfileName(userId: string, name: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({ name: name.trim() })
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw toAppError(error);
  // An update that matched no row (no profile, or RLS) is a failure the learner must see.
  if (data.length === 0) throw new AppError('No profile row was updated', 'not_found');
}

export async function submitFeedback(
  userId: string,
  feedbackType: FeedbackType,
  title: string,
  description: string,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('user_feedback').insert({
    user_id: userId,
    feedback_type: feedbackType,
    title: title.trim(),
    description: description.trim(),
    page_url: window.location.href,
    user_agent: navigator.userAgent,
  });
  if (error) throw toAppError(error);
}
