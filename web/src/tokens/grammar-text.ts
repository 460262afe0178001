import type { MeaningLanguage } from '@magyarul/core/flashcards';

/** The notes on a word's endings in the learner's language (core's grammar catalogue). */
export function grammarNoteTexts(notes: readonly string[], language: MeaningLanguage): string[] {
  void language;
  return [...notes];
}
