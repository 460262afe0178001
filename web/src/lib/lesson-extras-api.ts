import { getSupabase, toAppError } from './supabase.ts';
import type { LessonCharacter, LessonNoteRow } from './lesson-texts.ts';
import { OfflineUnavailableError, readThrough } from '../offline/reads.ts';
import { isDownloading, readKeys } from '../offline/downloads.ts';

// A lesson's characters and notes (issue 32, DESIGN.md §12.4), read like its transcript: from the
// server, or on no connection from this device's copy of a downloaded lesson. A copy downloaded
// before characters and notes existed has none: the lesson then plays offline without them.

async function orNone<T>(read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof OfflineUnavailableError) return [];
    throw error;
  }
}

async function fetchCharactersFromNetwork(lessonId: string): Promise<LessonCharacter[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lesson_characters')
    .select('key, name_en, name_de, name_es')
    .eq('lesson_id', lessonId)
    .order('key', { ascending: true });
  if (error) throw toAppError(error);
  return data;
}

/** The lesson's characters (the other people of its scene), for the lines they speak. */
export async function fetchLessonCharacters(lessonId: string): Promise<LessonCharacter[]> {
  return orNone(
    readThrough(
      readKeys.characters(lessonId),
      () => fetchCharactersFromNetwork(lessonId),
      () => isDownloading(lessonId),
    ),
  );
}

async function fetchNotesFromNetwork(lessonId: string): Promise<LessonNoteRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lesson_notes')
    .select('id, position, title_en, title_de, title_es, body_en, body_de, body_es, line_numbers')
    .eq('lesson_id', lessonId)
    .order('position', { ascending: true });
  if (error) throw toAppError(error);
  return data;
}

/** The lesson's notes in their order. */
export async function fetchLessonNotes(lessonId: string): Promise<LessonNoteRow[]> {
  return orNone(
    readThrough(
      readKeys.notes(lessonId),
      () => fetchNotesFromNetwork(lessonId),
      () => isDownloading(lessonId),
    ),
  );
}
