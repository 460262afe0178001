export { GRAMMAR_NOTE_TEXTS, grammarNote } from './notes.ts';
export type { GrammarNote } from './notes.ts';
export { bestAnalysis, readAnalysis } from './morphology.ts';
export type { Analysis } from './morphology.ts';
