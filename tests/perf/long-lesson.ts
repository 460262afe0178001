// For the Lighthouse benchmark (issue 31 point 5): lesson 1 of the bench's own in-memory database
// made a 40-line transcript with tokens, as an admin would through the API: lines of later seed
// lessons appended after its own (timed one after another), then every line's words saved with
// save_line_tokens (core's tokenize, the dictionary form as written, word times spread over each
// line), so /lesson/:id renders 40 lines of word buttons.
import { createClient } from '@supabase/supabase-js';
import { tokenize } from '@magyarul/core/tokens';
import type { Database } from '../../supabase/types/database.ts';

export const LONG_LESSON_LINES = 40;

export async function makeLessonOneLong(url: string, lessonId: string): Promise<number> {
  const info = (await (await fetch(`${url}/_dev/info`)).json()) as { anonKey: string };
  const db = createClient<Database>(url, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await db.auth.signInWithPassword({
    email: 'admin@magyarul.local',
    password: 'magyarul-demo',
  });
  if (signIn.error) throw signIn.error;
  const own = await db
    .from('lesson_transcript')
    .select('*')
    .eq('lesson_id', lessonId)
    .order('line_number');
  if (own.error) throw own.error;
  // Lines of lessons 2, 3, … (one lesson per read: the gateway refuses reads it estimates costly).
  type Row = Database['public']['Tables']['lesson_transcript']['Row'];
  const others: Pick<
    Row,
    'speaker' | 'text_content' | 'translation_en' | 'translation_de' | 'translation_es'
  >[] = [];
  for (let number = 2; own.data.length + others.length < LONG_LESSON_LINES; number++) {
    const lesson = await db.from('lessons').select('id').eq('lesson_number', number).single();
    if (lesson.error) throw lesson.error;
    const rows = await db
      .from('lesson_transcript')
      .select('speaker, text_content, translation_en, translation_de, translation_es')
      .eq('lesson_id', lesson.data.id)
      .order('line_number');
    if (rows.error) throw rows.error;
    others.push(...rows.data);
  }
  const last = own.data.at(-1);
  let at = (last?.end_time ?? 0) + 0.5;
  const added = others.slice(0, LONG_LESSON_LINES - own.data.length).map((line, i) => {
    const row = {
      ...line,
      lesson_id: lessonId,
      line_number: own.data.length + i + 1,
      start_time: at,
      end_time: at + 2.5,
    };
    at += 3;
    return row;
  });
  const inserted = await db.from('lesson_transcript').insert(added);
  if (inserted.error) throw inserted.error;
  const lines = await db
    .from('lesson_transcript')
    .select('id, text_content, start_time, end_time')
    .eq('lesson_id', lessonId)
    .order('line_number');
  if (lines.error) throw lines.error;
  const payload = lines.data.map((line) => {
    const words = tokenize(line.text_content);
    const start = line.start_time ?? 0;
    const step = ((line.end_time ?? start + 2) - start) / Math.max(1, words.length);
    return {
      line_id: line.id,
      text_content: line.text_content,
      tokens: words.map((word, i) => ({
        position: word.position,
        char_start: word.start,
        char_end: word.end,
        text: word.text,
        lemma: word.text.toLocaleLowerCase('hu'),
        start_time: start + i * step,
        end_time: start + (i + 0.9) * step,
      })),
    };
  });
  const saved = await db.rpc('save_line_tokens', { _lesson_id: lessonId, _lines: payload });
  if (saved.error) throw saved.error;
  return lines.data.length;
}
