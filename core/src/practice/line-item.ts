// A dialogue line as a practice item (dictation, "Say it"), built from the lesson's own
// transcript row: its text, its translation in the learner's language (English when missing,
// marked as a fallback as on the flashcards) and where it sits in the normal and slow audio.
import type { Speaker } from '../enums/index.ts';
import { lineTranslationIn } from '../flashcards/meaning.ts';
import type { LineTranslations, Meaning, MeaningLanguage } from '../flashcards/meaning.ts';
import { lineWords } from '../answers/normalise.ts';

/** A lesson_transcript row as practice needs it. */
export type TranscriptLineRow = LineTranslations & {
  readonly id: string;
  readonly lesson_id: string;
  readonly line_number: number;
  readonly speaker: Speaker;
  readonly text_content: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly slow_start_time?: number | null;
  readonly slow_end_time?: number | null;
};

/** A stretch of a lesson's audio, in seconds. */
export type AudioSpan = { readonly start: number; readonly end: number };

export type LineItem = {
  readonly lineId: string;
  readonly lessonId: string;
  readonly lineNumber: number;
  readonly speaker: Speaker;
  /** The Hungarian line, NFC and trimmed: what dictation expects and "Say it" reveals. */
  readonly text: string;
  /** How many words dictation checks. */
  readonly wordCount: number;
  /** The translation "Say it" shows, in the learner's language or English; null when none. */
  readonly translation: Meaning | null;
  /** The line in the lesson's normal and slow recordings; null when not timed there. */
  readonly audio: { readonly normal: AudioSpan | null; readonly slow: AudioSpan | null };
};

function span(start: number | null | undefined, end: number | null | undefined): AudioSpan | null {
  if (typeof start !== 'number' || typeof end !== 'number') return null;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) return null;
  return { start, end };
}

export function lineItem(row: TranscriptLineRow, language: MeaningLanguage): LineItem {
  const text = row.text_content.normalize('NFC').trim();
  return {
    lineId: row.id,
    lessonId: row.lesson_id,
    lineNumber: row.line_number,
    speaker: row.speaker,
    text,
    wordCount: lineWords(text).length,
    translation: lineTranslationIn(row, language),
    audio: {
      normal: span(row.start_time, row.end_time),
      slow: span(row.slow_start_time, row.slow_end_time),
    },
  };
}

/** Dictation needs words to type and the line in the audio (slow is optional). */
export function canDictate(item: LineItem): boolean {
  return item.wordCount > 0 && item.audio.normal !== null;
}

/** "Say it" needs a translation to prompt with and the line in the audio to answer with. */
export function canSay(item: LineItem): boolean {
  return item.wordCount > 0 && item.translation !== null && item.audio.normal !== null;
}
