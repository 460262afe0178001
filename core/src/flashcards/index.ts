export { mulberry32, seedFromText, shuffle } from './random.ts';
export type { Random } from './random.ts';
