// A kept word's example sentence (issue 31 point 1: "Add to review … with the line as its
// example sentence"): the dialogue line a learner kept a word from is stored on the word's
// recognition row (user_vocabulary_progress.example_line_id, set by keep_token). The review
// shows it after the answer, with its translation in the learner's language. Read through RLS:
// the learner's own rows, and the line of a published lesson; kept on the device like the due
// list, so an offline review shows it too.
import { createContext, useContext } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { getSupabase, toAppError } from '../lib/supabase.ts';
import { readKeys } from '../offline/downloads.ts';
import { readThrough } from '../offline/reads.ts';

export type ExampleLine = {
  /** The line as written (NFC). */
  readonly text: string;
  readonly translation_en: string | null;
  readonly translation_de: string | null;
  readonly translation_es: string | null;
};

/** Example lines by the kept item's id (a lesson word's or a glossary entry's). */
export type ExampleLines = ReadonlyMap<string, ExampleLine>;

type Row = {
  vocabulary_id: string | null;
  glossary_id: string | null;
  lesson_transcript: {
    text_content: string;
    translation_en: string | null;
    translation_de: string | null;
    translation_es: string | null;
  } | null;
};

/** Rows as read: stored on the device as they came, turned into a map when used. */
export function exampleLinesOf(rows: readonly Row[]): ExampleLines {
  const lines = new Map<string, ExampleLine>();
  for (const row of rows) {
    const id = row.vocabulary_id ?? row.glossary_id;
    const line = row.lesson_transcript;
    if (!id || !line) continue;
    lines.set(id, {
      text: line.text_content.normalize('NFC'),
      translation_en: line.translation_en,
      translation_de: line.translation_de,
      translation_es: line.translation_es,
    });
  }
  return lines;
}

export async function fetchExampleLines(userId: string): Promise<ExampleLines> {
  const rows = await readThrough(readKeys.exampleLines(userId), async () => {
    const supabase = await getSupabase();
    const { data, error } = await supabase
      .from('user_vocabulary_progress')
      .select(
        'vocabulary_id, glossary_id, lesson_transcript(text_content, translation_en, translation_de, translation_es)',
      )
      .eq('user_id', userId)
      .eq('skill', 'recognition')
      .not('example_line_id', 'is', null);
    if (error) throw toAppError(error);
    return data as Row[];
  });
  return exampleLinesOf(rows);
}

/** The line's translation in the learner's language, else English; null when it has none. */
export function exampleTranslation(
  line: ExampleLine,
  language: MeaningLanguage,
): { text: string; language: MeaningLanguage } | null {
  const own = line[`translation_${language}`];
  if (own) return { text: own, language };
  return line.translation_en ? { text: line.translation_en, language: 'en' } : null;
}

/** The example of the card being shown (PracticePlayer provides it; null for none). */
export const CardExampleContext = createContext<ExampleLine | null>(null);

export function useCardExample(): ExampleLine | null {
  return useContext(CardExampleContext);
}
