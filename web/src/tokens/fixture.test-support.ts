import type { WordToken } from './word-token.ts';

/** A token row as the lesson page reads it, with only what a test sets differing. */
export function token(over: Partial<WordToken> & Pick<WordToken, 'text'>): WordToken {
  return {
    id: `t-${over.line_id ?? 'l1'}-${over.position ?? 0}`,
    line_id: 'l1',
    position: 0,
    char_start: 0,
    char_end: over.text.length,
    lemma: over.text,
    grammar_notes: [],
    vocabulary_id: null,
    glossary_id: null,
    meaning_en: null,
    meaning_de: null,
    meaning_es: null,
    is_name: false,
    lesson_note_id: null,
    start_time: null,
    end_time: null,
    slow_start_time: null,
    slow_end_time: null,
    natural_start_time: null,
    natural_end_time: null,
    glossary: null,
    ...over,
  };
}
