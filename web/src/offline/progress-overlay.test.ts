import { describe, expect, it } from 'vitest';
import type { LessonProgressRow } from '../lib/database.ts';
import { applyPendingSteps, applyPendingToOne } from './progress-overlay.ts';
import type { QueuedStep } from './queue.ts';

const USER = 'u1';
const AT = '2026-11-25T10:00:00.000Z';

const audio = (lessonId: string, userId = USER): QueuedStep => ({
  kind: 'audio',
  userId,
  lessonId,
  at: AT,
});
const session = (lessonId: string, total: number, correct: number): QueuedStep => ({
  kind: 'session',
  userId: USER,
  sessionId: 's1',
  lessonId,
  totalCards: total,
  correctAnswers: correct,
  at: AT,
});

describe('applyPendingSteps', () => {
  it('a queued audio step opens the flashcards; a queued pass completes the lesson', () => {
    const rows = applyPendingSteps([], [audio('l1'), session('l1', 20, 16)], USER);
    expect(rows).toEqual([
      expect.objectContaining({
        lesson_id: 'l1',
        audio_completed: true,
        flashcard_passed: true,
        flashcard_score: 16,
        flashcard_accuracy: 80,
        is_completed: true,
        completed_at: AT,
      }),
    ]);
  });

  it('a failed session (below ceil(0.8 n)) changes nothing, as on the server', () => {
    const [row] = applyPendingSteps([], [audio('l1'), session('l1', 19, 15)], USER);
    expect(row).toMatchObject({
      audio_completed: true,
      flashcard_passed: false,
      is_completed: false,
    });
  });

  it('a pass without the audio done counts for nothing (the server refuses it)', () => {
    expect(applyPendingSteps([], [session('l1', 20, 20)], USER)).toEqual([]);
  });

  it('ignores another learner’s steps and keeps the server’s rows', () => {
    const stored = { lesson_id: 'l2', audio_completed: true } as LessonProgressRow;
    const rows = applyPendingSteps([stored], [audio('l1', 'someone-else')], USER);
    expect(rows).toEqual([stored]);
  });

  it('applyPendingToOne answers the asked lesson only', () => {
    expect(applyPendingToOne(null, [audio('l2')], USER, 'l1')).toBeNull();
    expect(applyPendingToOne(null, [audio('l1')], USER, 'l1')?.audio_completed).toBe(true);
  });
});
