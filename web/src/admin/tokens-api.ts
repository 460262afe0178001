import type { Database, Json } from '../lib/database.ts';
import { getSupabase, toAppError } from '../lib/supabase.ts';
import { readTokensOfLines } from '../tokens/line-batches.ts';

// The review editor's reads and writes of a lesson's tokens (transcript_tokens, DESIGN §12.3):
// the words of each line with their dictionary forms, links and word times, and the course
// glossary the proposals link to.

type Tables = Database['public']['Tables'];
export type TokenRow = Tables['transcript_tokens']['Row'];
export type GlossaryRow = Pick<Tables['glossary_entries']['Row'], 'id' | 'lemma'>;

/** The tokens of the given lines, in line and word order. */
export async function fetchLineTokens(lineIds: readonly string[]): Promise<TokenRow[]> {
  if (lineIds.length === 0) return [];
  const supabase = await getSupabase();
  try {
    // A few lines per request: a long lesson's tokens in one read are refused as too expensive.
    return await readTokensOfLines<TokenRow>(supabase, lineIds, '*');
  } catch (error) {
    throw toAppError(error);
  }
}

/** The course glossary's dictionary forms (what a proposal may link to). */
export async function fetchGlossaryLemmas(): Promise<GlossaryRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('glossary_entries').select('id, lemma');
  if (error) throw toAppError(error);
  return data;
}

/** A glossary entry's meanings, as the word editor shows what a link supplies. */
export type GlossaryMeanings = Pick<
  Tables['glossary_entries']['Row'],
  'id' | 'lemma' | 'meaning_en' | 'meaning_de' | 'meaning_es'
>;

/** The glossary entries the given tokens link to. */
export async function fetchGlossaryMeanings(ids: readonly string[]): Promise<GlossaryMeanings[]> {
  if (ids.length === 0) return [];
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('glossary_entries')
    .select('id, lemma, meaning_en, meaning_de, meaning_es')
    .in('id', [...new Set(ids)]);
  if (error) throw toAppError(error);
  return data;
}

/** One line's new tokens, made for the text it has now (save_line_tokens refuses another). */
export type LineTokensSave = {
  readonly line_id: string;
  readonly text_content: string;
  readonly tokens: readonly Omit<
    Tables['transcript_tokens']['Insert'],
    'line_id' | 'id' | 'created_at' | 'updated_at'
  >[];
};

/** Replaces the listed lines' tokens in one transaction; other lines keep theirs. */
export async function saveLineTokens(
  lessonId: string,
  lines: readonly LineTokensSave[],
): Promise<void> {
  if (lines.length === 0) return;
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('save_line_tokens', {
    _lesson_id: lessonId,
    _lines: lines as unknown as Json,
  });
  if (error) throw toAppError(error);
}
