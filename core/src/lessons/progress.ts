import type { LessonProgressFlags } from './unlock.ts';

/** Audio counts as listened at its end or at 99 % of its duration. */
export const AUDIO_COMPLETE_RATIO = 0.99;

export function isAudioComplete(currentTime: number, duration: number, ended = false): boolean {
  if (ended) return true;
  if (!Number.isFinite(duration) || duration <= 0) return false;
  return currentTime >= duration * AUDIO_COMPLETE_RATIO;
}

export type ProgressStrip = {
  readonly audio: 'incomplete' | 'complete';
  readonly flashcards: 'locked' | 'ready' | 'complete';
};

/** The lesson viewer's progress strip; the Flashcards tab is disabled while 'locked'. */
export function progressStrip(
  progress: Omit<LessonProgressFlags, 'lesson_id'> | null | undefined,
): ProgressStrip {
  const audio = progress?.audio_completed ? 'complete' : 'incomplete';
  if (progress?.flashcard_passed || progress?.is_completed) {
    return { audio, flashcards: 'complete' };
  }
  return { audio, flashcards: audio === 'complete' ? 'ready' : 'locked' };
}
