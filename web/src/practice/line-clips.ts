import type { Clip } from './clip-player.ts';
import type { LineAudio } from './practice-cards.ts';
import type { LineItem } from '@magyarul/core/practice';

/** The slowed rate for a line when the lesson has no slow recording of it. */
export const SLOWED_RATE = 0.7;

/** The line in the lesson's normal recording. */
export function normalClip(line: LineItem, audio: LineAudio): Clip {
  return { sources: audio.normal, span: line.audio.normal };
}

/** The line in the slow recording when it has one there, else the normal one slowed down. */
export function slowClip(line: LineItem, audio: LineAudio): Clip {
  if (audio.slow && audio.slow.length > 0 && line.audio.slow) {
    return { sources: audio.slow, span: line.audio.slow };
  }
  return { sources: audio.normal, span: line.audio.normal, rate: SLOWED_RATE };
}
