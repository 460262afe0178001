export { misspellings } from './misspellings.ts';
export type { Misspelling, SpellingPort } from './misspellings.ts';
