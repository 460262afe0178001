// get-interleaved-words: a lesson's flashcard session mixing new words of the current lesson
// with due review words of earlier lessons. Body { current_lesson_id, new_word_count = 12,
// review_word_count = 8 } → { words: [{ vocabulary_id, lesson_id, word_hu, word_en, word_de,
// word_es, difficulty, audio_file_path, is_review }] } interleaved by core; word_de/word_es are
// null where not translated yet (the app falls back to English).
import {
  NEW_WORDS_PER_SESSION,
  REVIEW_WORDS_PER_SESSION,
  interleaveWords,
} from '../_shared/core/index.ts';
import {
  HttpError,
  callerClient,
  endpoint,
  fromDbError,
  intField,
  readBody,
  uuidField,
} from '../_shared/http.ts';
import type { Env } from '../_shared/http.ts';
import { dueRowWord, type WordFields } from '../_shared/words.ts';

export type SessionWord = WordFields & { lesson_id: string; is_review: boolean };

export const handler: (req: Request, env: Env) => Promise<Response> = endpoint(async (req, env) => {
  const body = await readBody(req);
  const lessonId = uuidField(body, 'current_lesson_id');
  const newCount = intField(body, 'new_word_count', NEW_WORDS_PER_SESSION, 0, 100);
  const reviewCount = intField(body, 'review_word_count', REVIEW_WORDS_PER_SESSION, 0, 100);
  const { client } = callerClient(req, env);

  const lessonWords = await client
    .from('lesson_vocabulary')
    .select(
      'id, lesson_id, word_hu, word_en, word_de, word_es, difficulty, audio_file_path, created_at',
    )
    .eq('lesson_id', lessonId)
    .order('created_at', { ascending: true })
    .order('created_seq', { ascending: true });
  if (lessonWords.error) throw fromDbError(lessonWords.error);
  if (lessonWords.data.length === 0) {
    const lesson = await client.from('lessons').select('id').eq('id', lessonId).maybeSingle();
    if (lesson.error) throw fromDbError(lesson.error);
    if (!lesson.data) throw new HttpError(404, 'not_found', 'Lesson not found');
  }

  const ids = lessonWords.data.map((w) => w.id);
  const seen = new Map<string, number>();
  if (ids.length > 0) {
    const progress = await client
      .from('user_vocabulary_progress')
      .select('vocabulary_id, times_seen')
      .eq('skill', 'recognition')
      .in('vocabulary_id', ids);
    if (progress.error) throw fromDbError(progress.error);
    for (const p of progress.data) if (p.vocabulary_id) seen.set(p.vocabulary_id, p.times_seen);
  }
  // Words the learner has not answered yet come first; then the least practised.
  const newWords: SessionWord[] = lessonWords.data
    .map((w, index) => ({ w, index, times: seen.get(w.id) ?? 0 }))
    .sort((a, b) => a.times - b.times || a.index - b.index)
    .map(({ w }) => ({
      vocabulary_id: w.id,
      lesson_id: w.lesson_id,
      word_hu: w.word_hu,
      word_en: w.word_en,
      word_de: w.word_de,
      word_es: w.word_es,
      difficulty: w.difficulty,
      audio_file_path: w.audio_file_path,
      is_review: false,
    }));

  let reviewWords: SessionWord[] = [];
  const reviewLimit = Math.min(200, reviewCount + newCount);
  if (reviewLimit > 0) {
    const due = await client.rpc('get_due_words', {
      _limit: reviewLimit,
      _include_overdue: true,
      _exclude_lesson_id: lessonId,
    });
    if (due.error) throw fromDbError(due.error);
    reviewWords = due.data.map((row) => ({
      ...dueRowWord(row),
      lesson_id: row.lesson_id ?? '',
      is_review: true,
    }));
  }

  const words = interleaveWords(newWords, reviewWords, { newCount, reviewCount }).map(
    (item) => item.word,
  );
  return { words };
});
