// The schema's types, generated from supabase/migrations (type-only: nothing of the backend
// package reaches the bundle). Switch to `@magyarul/local/database` once that export exists.
import type { Database } from '../../../supabase/local/src/generated/database.ts';

export type { Database };

type Tables = Database['public']['Tables'];
export type LessonRow = Tables['lessons']['Row'];
export type TranscriptRow = Tables['lesson_transcript']['Row'];
export type VocabularyRow = Tables['lesson_vocabulary']['Row'];
export type LessonProgressRow = Tables['user_lesson_progress']['Row'];
