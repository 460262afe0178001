// The schema's types, generated from supabase/migrations (type-only: nothing of the backend
// package reaches the bundle).
import type { Database } from '@magyarul/local/database';

export type { Database };

type Tables = Database['public']['Tables'];
export type LessonRow = Tables['lessons']['Row'];
export type TranscriptRow = Tables['lesson_transcript']['Row'];
export type VocabularyRow = Tables['lesson_vocabulary']['Row'];
export type LessonProgressRow = Tables['user_lesson_progress']['Row'];
