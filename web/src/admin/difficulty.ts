import { toCardDifficulty, type CardDifficulty } from '@magyarul/core/flashcards';

/** The review editor's difficulty choices (spec §3); the database stores card difficulties. */
export const EDITOR_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type EditorDifficulty = (typeof EDITOR_DIFFICULTIES)[number];

const toEditor: Record<CardDifficulty, EditorDifficulty> = {
  beginner: 'easy',
  intermediate: 'medium',
  advanced: 'hard',
};

/** Stored difficulty (beginner/intermediate/advanced, or legacy easy/medium/hard) → editor. */
export function toEditorDifficulty(stored: string | null): EditorDifficulty {
  return toEditor[toCardDifficulty(stored)];
}

/** Editor easy/medium/hard → the stored value, through core's mapping. */
export function toDbDifficulty(value: EditorDifficulty): CardDifficulty {
  return toCardDifficulty(value);
}
