// Every export of each module, except where a module keeps helpers of its own (letters.ts,
// normalise.ts).
export { ACCENT_LETTERS, ACCENT_LETTERS_UPPER, vowelDifference } from './letters.ts';
export type { VowelDifference } from './letters.ts';
export { answerKey, lineWords, tidyAnswer } from './normalise.ts';
export type { LineWord } from './normalise.ts';
export * from './alternatives.ts';
export * from './diff.ts';
export * from './compare.ts';
export * from './dictation.ts';
