import { getSupabase, toAppError } from '../lib/supabase.ts';
import { readTokensOfLines } from './line-batches.ts';
import { readThrough } from '../offline/reads.ts';
import { isDownloading, readKeys } from '../offline/downloads.ts';
import type { KnownWords, WordToken } from './word-token.ts';

// The reads and the one write of tap-a-word (issue 31): a lesson's tokens (kept with a
// downloaded lesson, so the panel opens offline), the learner's words in review, and Add to
// review (keep_token, DESIGN §12.3).

const TOKEN_COLUMNS = [
  'id',
  'line_id',
  'position',
  'char_start',
  'char_end',
  'text',
  'lemma',
  'grammar_notes',
  'vocabulary_id',
  'glossary_id',
  'meaning_en',
  'meaning_de',
  'meaning_es',
  'is_name',
  'lesson_note_id',
  'start_time',
  'end_time',
  'slow_start_time',
  'slow_end_time',
  'natural_start_time',
  'natural_end_time',
].join(', ');

async function fetchLessonTokensFromNetwork(lessonId: string): Promise<WordToken[]> {
  const supabase = await getSupabase();
  // By the lesson's line ids (the tokens' own key), not through a join on the lesson: the
  // gateway refuses reads it estimates too expensive, and a join over every lesson's tokens is.
  const lines = await supabase.from('lesson_transcript').select('id').eq('lesson_id', lessonId);
  if (lines.error) throw toAppError(lines.error);
  try {
    return await readTokensOfLines<WordToken>(
      supabase,
      lines.data.map((line) => line.id),
      `${TOKEN_COLUMNS}, glossary:glossary_entries(lemma, meaning_en, meaning_de, meaning_es)`,
    );
  } catch (error) {
    throw toAppError(error);
  }
}

/** Every word of the lesson's lines; stored on this device while the lesson is downloaded. */
export async function fetchLessonTokens(lessonId: string): Promise<WordToken[]> {
  return readThrough(
    readKeys.tokens(lessonId),
    () => fetchLessonTokensFromNetwork(lessonId),
    () => isDownloading(lessonId),
  );
}

async function fetchKnownWordsFromNetwork(): Promise<{ vocabulary: string[]; glossary: string[] }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_vocabulary_progress')
    .select('vocabulary_id, glossary_id')
    .eq('skill', 'recognition');
  if (error) throw toAppError(error);
  return {
    vocabulary: data.flatMap((row) => (row.vocabulary_id ? [row.vocabulary_id] : [])),
    glossary: data.flatMap((row) => (row.glossary_id ? [row.glossary_id] : [])),
  };
}

/** The learner's words in review (RLS: their own rows); the device's copy when offline. */
export async function fetchKnownWords(userId: string): Promise<KnownWords> {
  const ids = await readThrough(readKeys.knownWords(userId), fetchKnownWordsFromNetwork, true);
  return { vocabulary: new Set(ids.vocabulary), glossary: new Set(ids.glossary) };
}

/** Add to review: the token's lesson word or glossary entry becomes the learner's card. */
export async function keepToken(tokenId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('keep_token', { _token_id: tokenId });
  if (error) throw toAppError(error);
}
