import { getSupabase, toAppError } from './supabase.ts';
import type { LessonRow } from './database.ts';

/** Every published lesson's level and duration, for what the course holds (landing page). */
export async function fetchCourseSpanRows(): Promise<Pick<LessonRow, 'level' | 'duration'>[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lessons')
    .select('level, duration')
    .eq('is_published', true);
  if (error) throw toAppError(error);
  return data;
}
