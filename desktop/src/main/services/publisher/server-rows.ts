import type { ServerLessonState } from '../../../shared/model.ts';
import type { ServerLessonRow, ServerLineRow, ServerWordRow } from './row-fields.ts';
import { COLUMNS } from './row-fields.ts';
import type { StudioClient } from './session.ts';
import type { ServerToken } from './token-sync.ts';

/** One lesson as the server has it now: its row, lines and words, each with its updated_at. */
export type ServerSnapshot = {
  readonly lesson: (ServerLessonRow & { readonly is_published: boolean }) | null;
  readonly lines: readonly ServerLineRow[];
  readonly words: readonly ServerWordRow[];
  /** The words of its lines (transcript_tokens), every column. */
  readonly tokens: readonly ServerToken[];
};

export const stateOf = (snapshot: ServerSnapshot): ServerLessonState | null =>
  snapshot.lesson
    ? { isPublished: snapshot.lesson.is_published, updatedAt: snapshot.lesson.updated_at }
    : null;

const fail = (error: { message: string }) => new Error(error.message);

/**
 * Reads what the server has of the lesson `remoteId` (an admin reads drafts too): three reads,
 * before anything is sent, so the comparison with the studio's last publish sees the rows the
 * web editor changed since.
 */
export async function readServerLesson(
  client: StudioClient,
  remoteId: string,
): Promise<ServerSnapshot> {
  const lesson = await client
    .from('lessons')
    .select(`id, is_published, updated_at, ${COLUMNS.lesson.join(', ')}`)
    .eq('id', remoteId)
    .maybeSingle();
  if (lesson.error) throw fail(lesson.error);
  if (!lesson.data) return { lesson: null, lines: [], words: [], tokens: [] };
  const lines = await client
    .from('lesson_transcript')
    .select(`id, line_number, updated_at, ${COLUMNS.line.join(', ')}`)
    .eq('lesson_id', remoteId)
    .order('line_number');
  if (lines.error) throw fail(lines.error);
  const words = await client
    .from('lesson_vocabulary')
    .select(`id, created_seq, updated_at, ${COLUMNS.word.join(', ')}`)
    .eq('lesson_id', remoteId)
    .order('created_at')
    .order('created_seq');
  if (words.error) throw fail(words.error);
  const lineIds = (lines.data as unknown as ServerLineRow[]).map((line) => line.id);
  const tokens =
    lineIds.length === 0
      ? { data: [] as ServerToken[], error: null }
      : await client.from('transcript_tokens').select('*').in('line_id', lineIds);
  if (tokens.error) throw fail(tokens.error);
  return {
    tokens: tokens.data as ServerToken[],
    lesson: lesson.data as unknown as ServerSnapshot['lesson'],
    lines: lines.data as unknown as ServerLineRow[],
    words: words.data as unknown as ServerWordRow[],
  };
}
