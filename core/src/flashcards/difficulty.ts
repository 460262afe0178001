import type { Level } from '../enums/index.ts';

/** Difficulty as learners see it on a card: the database's level enum. */
export type CardDifficulty = Level;

const mapping: Readonly<Record<string, CardDifficulty>> = {
  easy: 'beginner',
  medium: 'intermediate',
  hard: 'advanced',
  beginner: 'beginner',
  intermediate: 'intermediate',
  advanced: 'advanced',
};

/**
 * The card difficulty of a stored word: the review editor stores easy/medium/hard, the create
 * flow beginner/intermediate/advanced. Anything else, or nothing, is intermediate.
 */
export function toCardDifficulty(value: string | null | undefined): CardDifficulty {
  return mapping[(value ?? '').trim().toLowerCase()] ?? 'intermediate';
}
