import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/types/database.ts';
import { keepFilesPrivate, publishFiles, withdrawFiles } from '@magyarul/core/files';
import { lessonFilesStore } from '../../src/main/services/publisher/lesson-files.ts';
import type { Backend } from './backend.ts';

type Client = SupabaseClient<Database>;
type Line = Database['public']['Tables']['lesson_transcript']['Row'];

/** An admin signed in with the anon key, as the web admin area is: RLS decides what it may do. */
export async function webAdmin(
  backend: Backend,
  account: { readonly email: string; readonly password: string },
): Promise<Client> {
  const client = createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return client;
}

/** The columns the web review editor sends for a line (web/src/admin/api.ts saveTranscript). */
type SavedLine = Pick<
  Line,
  | 'line_number'
  | 'speaker'
  | 'text_content'
  | 'start_time'
  | 'end_time'
  | 'translation_en'
  | 'translation_de'
  | 'translation_es'
> & { id: string | null };

/**
 * Saves a lesson's transcript the way the web review editor does: reads the lines, lets `edit`
 * change them (add one with id null, leave one out to delete it), and saves the whole set with
 * save_lesson_transcript and the lines' updated_at as read (`_expected`).
 */
export async function saveTranscriptOnWeb(
  client: Client,
  lessonId: string,
  edit: (lines: SavedLine[]) => SavedLine[],
): Promise<Line[]> {
  const read = await client
    .from('lesson_transcript')
    .select('*')
    .eq('lesson_id', lessonId)
    .order('line_number');
  if (read.error) throw read.error;
  const lines = edit(
    read.data.map((line) => ({
      id: line.id,
      line_number: line.line_number,
      speaker: line.speaker,
      text_content: line.text_content,
      start_time: line.start_time,
      end_time: line.end_time,
      translation_en: line.translation_en,
      translation_de: line.translation_de,
      translation_es: line.translation_es,
    })),
  ).map((line, index) => ({ ...line, line_number: index + 1 }));
  const saved = await client.rpc('save_lesson_transcript', {
    _lesson_id: lessonId,
    _lines: lines,
    _expected: read.data.map((line) => ({ id: line.id, updated_at: line.updated_at })),
  });
  if (saved.error) throw saved.error;
  return saved.data;
}

/**
 * Publishes or unpublishes a lesson the way the web admin area does (web/src/admin/lesson-files.ts):
 * its files are copied to the public bucket before the flag is set, or kept privately before it
 * is cleared and removed from the public bucket after.
 */
export async function setPublishedOnWeb(
  client: Client,
  lessonId: string,
  published: boolean,
): Promise<void> {
  const store = lessonFilesStore(client);
  if (published) await publishFiles(store, lessonId);
  else await keepFilesPrivate(store, lessonId);
  const { error } = await client
    .from('lessons')
    .update({ is_published: published })
    .eq('id', lessonId);
  if (error) throw error;
  if (!published) await withdrawFiles(store, lessonId);
}
