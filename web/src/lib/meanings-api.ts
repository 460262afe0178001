import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { AppError, getSupabase, toAppError } from './supabase.ts';

// The learner's language on the server: the choice on their profile and the tourist pack list
// with its meanings. (Lesson words, transcripts and due words carry their translations in the
// reads of api.ts.)

/** Stores the learner's meaning language on their profile, so it follows them to any device. */
export async function saveMeaningLanguage(
  userId: string,
  language: MeaningLanguage,
): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({ meaning_language: language })
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw toAppError(error);
  // An update that matched no row (no profile, or RLS) is a failure the learner must see.
  if (data.length === 0) throw new AppError('No profile row was updated', 'not_found');
}

export type TouristPackWord = {
  readonly position: number;
  readonly word_hu: string;
  readonly word_en: string;
  readonly word_de: string | null;
  readonly word_es: string | null;
  readonly reviewed: boolean;
};

/** The tourist pack in order, with the three meanings and whether the learner reviewed each. */
export async function fetchTouristPackWords(userId: string): Promise<TouristPackWord[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_tourist_pack_words', { _user_id: userId });
  if (error) throw toAppError(error);
  return data.map((row) => ({
    position: row.position ?? 0,
    word_hu: row.word_hu ?? '',
    word_en: row.word_en ?? '',
    word_de: row.word_de,
    word_es: row.word_es,
    reviewed: row.reviewed === true,
  }));
}
