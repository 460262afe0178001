export { isNameForm, misspellings } from './misspellings.ts';
export type { Misspelling, MisspellingOptions, SpellingPort } from './misspellings.ts';
