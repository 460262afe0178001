import type { Database } from './database.ts';

// The word fields every flashcard endpoint answers with (get-due-words, get-interleaved-words).

export type WordFields = {
  vocabulary_id: string;
  word_hu: string;
  word_en: string;
  word_de: string | null;
  word_es: string | null;
  difficulty: string;
  audio_file_path: string | null;
};

type DueWordRow = Database['public']['Functions']['get_due_words']['Returns'][number];

/** The word fields of a get_due_words row (its columns are nullable: defaults fill them). */
export function dueRowWord(row: DueWordRow): WordFields {
  return {
    vocabulary_id: row.vocabulary_id ?? '',
    word_hu: row.word_hu ?? '',
    word_en: row.word_en ?? '',
    word_de: row.word_de,
    word_es: row.word_es,
    difficulty: row.difficulty ?? 'intermediate',
    audio_file_path: row.audio_file_path,
  };
}
