import type { Database } from '../../../supabase/types/database.ts';
import type { adminClient } from './admin-support.ts';
import { seedLessonId } from './admin-support.ts';

// The tokens of a lesson for the review editor's specs (issue 31 point 4, issue 28 point 6).

type Db = Awaited<ReturnType<typeof adminClient>>;
type TokenRow = Database['public']['Tables']['transcript_tokens']['Row'];

/** Each line's tokens, in line and word order. */
export async function lessonTokens(db: Db, lessonId: string): Promise<TokenRow[][]> {
  const lines = await db
    .from('lesson_transcript')
    .select('id, line_number')
    .eq('lesson_id', lessonId)
    .order('line_number');
  if (lines.error) throw lines.error;
  const tokens = await db
    .from('transcript_tokens')
    .select('*')
    .in(
      'line_id',
      lines.data.map((l) => l.id),
    );
  if (tokens.error) throw tokens.error;
  return lines.data.map((l) =>
    tokens.data.filter((t) => t.line_id === l.id).sort((a, b) => a.position - b.position),
  );
}

/**
 * Gives a copy of a seeded lesson (copySeedLesson) the seed lesson's tokens with their word
 * times and glossary links; links to the seed's lesson words and notes are left out (the copy's
 * words are other rows).
 */
export async function copySeedTokens(db: Db, lessonNumber: number, copyId: string): Promise<void> {
  const seeded = await lessonTokens(db, await seedLessonId(db, lessonNumber));
  const lines = await db
    .from('lesson_transcript')
    .select('id, line_number')
    .eq('lesson_id', copyId)
    .order('line_number');
  if (lines.error) throw lines.error;
  const rows = lines.data.flatMap((l, i) =>
    (seeded[i] ?? []).map(
      ({
        id: _id,
        line_id: _line,
        created_at: _c,
        updated_at: _u,
        vocabulary_id: _v,
        lesson_note_id: _n,
        ...t
      }) => ({ ...t, line_id: l.id }),
    ),
  );
  const inserted = await db.from('transcript_tokens').insert(rows);
  if (inserted.error) throw inserted.error;
}
