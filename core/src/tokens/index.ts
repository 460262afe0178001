export { tokenize } from './tokenize.ts';
export type { Token } from './tokenize.ts';
