import { grammarNote, GRAMMAR_NOTE_TEXTS, type GrammarNote } from '@magyarul/core/grammar';
import type { MeaningLanguage } from '@magyarul/core/flashcards';

function isGrammarNote(key: string): key is GrammarNote {
  return Object.hasOwn(GRAMMAR_NOTE_TEXTS, key);
}

/**
 * The notes on a word's endings in the learner's language (core's grammar catalogue). A key this
 * build does not know (a note added to the schema after it) is left out rather than shown raw.
 */
export function grammarNoteTexts(notes: readonly string[], language: MeaningLanguage): string[] {
  return notes.filter(isGrammarNote).map((note) => grammarNote(note, language));
}
