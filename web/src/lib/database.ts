// The schema's types, generated from supabase/migrations into supabase/types (type-only: nothing
// reaches the bundle).
import type { Database, Json } from '../../../supabase/types/database.ts';

export type { Database, Json };

type Tables = Database['public']['Tables'];
export type LessonRow = Tables['lessons']['Row'];
export type TranscriptRow = Tables['lesson_transcript']['Row'];
export type VocabularyRow = Tables['lesson_vocabulary']['Row'];
export type LessonProgressRow = Tables['user_lesson_progress']['Row'];
