// The seed's tokens (tokens.json, written by make-tokens.ts): every word of every line with its
// dictionary form, grammar notes and where its meaning comes from, so seeding needs no
// hunspell. Word times are separate (word-times.json), one entry per token in the same order.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GrammarNote } from '@magyarul/core/grammar';
import type { Translation } from './types.ts';

export type SeedToken = {
  readonly text: string;
  /** UTF-16 offsets into the line's NFC text (core's tokenize). */
  readonly start: number;
  readonly end: number;
  readonly lemma: string;
  readonly notes: readonly GrammarNote[];
  /** A word of the line's own lesson (its word_hu). */
  readonly word?: string;
  /** A glossary entry (its lemma). */
  readonly glossary?: string;
  /** The token's own meaning (a glossed form, a number). */
  readonly meaning?: Translation;
  readonly name?: true;
  /** The 1-based position of the lesson note that explains it. */
  readonly note?: number;
};

export type SeedTokens = {
  readonly generator: string;
  /** Per lesson number, per line, its tokens. */
  readonly lessons: Record<string, readonly (readonly SeedToken[])[]>;
};

export const TOKENS_FILE = fileURLToPath(new URL('./tokens.json', import.meta.url));

export function loadSeedTokens(): SeedTokens {
  return JSON.parse(readFileSync(TOKENS_FILE, 'utf8')) as SeedTokens;
}
