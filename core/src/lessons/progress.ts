import { isPassed } from '../flashcards/session-result.ts';
import type { LessonProgressFlags } from './unlock.ts';

/** Audio counts as listened at its end or at 99 % of its duration. */
export const AUDIO_COMPLETE_RATIO = 0.99;

export function isAudioComplete(currentTime: number, duration: number, ended = false): boolean {
  if (ended) return true;
  if (!Number.isFinite(duration) || duration <= 0) return false;
  return currentTime >= duration * AUDIO_COMPLETE_RATIO;
}

/** The upsert key of user_lesson_progress. */
export const LESSON_PROGRESS_CONFLICT = 'user_id,lesson_id';

export type AudioCompletedUpsert = {
  readonly user_id: string;
  readonly lesson_id: string;
  readonly audio_completed: true;
  readonly updated_at: string;
};

export type FlashcardPassUpsert = {
  readonly user_id: string;
  readonly lesson_id: string;
  readonly audio_completed: true;
  /** Correct answers of the passing session. */
  readonly flashcard_score: number;
  readonly flashcard_passed: true;
  /** Whole percent. */
  readonly flashcard_accuracy: number;
  readonly is_completed: true;
  readonly completed_at: string;
  readonly updated_at: string;
};

/** The upsert when the lesson audio completes; it unlocks the flashcards. */
export function audioCompletedUpsert(
  userId: string,
  lessonId: string,
  now: Date,
): AudioCompletedUpsert {
  return {
    user_id: userId,
    lesson_id: lessonId,
    audio_completed: true,
    updated_at: now.toISOString(),
  };
}

/**
 * The upsert after a flashcard session, or null when it did not pass (≥ 80 %): a failed attempt
 * writes nothing and the learner sees 'Almost There' with 'Try Again'. Passing completes the
 * lesson.
 */
export function flashcardPassUpsert(
  userId: string,
  lessonId: string,
  result: {
    readonly correctAnswers: number;
    readonly totalCards: number;
    readonly accuracy: number;
  },
  now: Date,
): FlashcardPassUpsert | null {
  if (!isPassed(result.correctAnswers, result.totalCards)) return null;
  const iso = now.toISOString();
  return {
    user_id: userId,
    lesson_id: lessonId,
    audio_completed: true,
    flashcard_score: result.correctAnswers,
    flashcard_passed: true,
    flashcard_accuracy: result.accuracy,
    is_completed: true,
    completed_at: iso,
    updated_at: iso,
  };
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
