export { GRAMMAR_NOTE_TEXTS, grammarNote } from './notes.ts';
export type { GrammarNote } from './notes.ts';
