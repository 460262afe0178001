import type { LessonProgressRow } from '../lib/database.ts';
import type { QueuedStep } from './queue.ts';

// A lesson's progress as this device knows it: the server's row (or the stored copy of it)
// with the steps still waiting in the queue applied, as the server will apply them. The
// lesson page and the dashboard then show what the learner did offline (the flashcards open
// after the audio, a pass completes the lesson) before the queue is sent.

function blankRow(userId: string, lessonId: string, at: string): LessonProgressRow {
  return {
    id: `pending:${lessonId}`,
    user_id: userId,
    lesson_id: lessonId,
    audio_completed: false,
    flashcard_score: null,
    flashcard_passed: false,
    flashcard_accuracy: null,
    is_completed: false,
    completed_at: null,
    created_at: at,
    updated_at: at,
  };
}

export function applyPendingSteps(
  rows: readonly LessonProgressRow[],
  steps: readonly QueuedStep[],
  userId: string,
): LessonProgressRow[] {
  const byLesson = new Map(rows.map((row) => [row.lesson_id, row]));
  for (const step of steps) {
    if (step.userId !== userId || step.kind === 'answer' || step.kind === 'practice') continue;
    if (!step.lessonId) continue;
    const row = byLesson.get(step.lessonId) ?? blankRow(userId, step.lessonId, step.at);
    if (step.kind === 'audio') {
      byLesson.set(step.lessonId, { ...row, audio_completed: true });
      continue;
    }
    const passed = step.correctAnswers >= Math.ceil(step.totalCards * 0.8);
    if (!passed || !row.audio_completed) continue;
    byLesson.set(step.lessonId, {
      ...row,
      flashcard_score: step.correctAnswers,
      flashcard_passed: true,
      flashcard_accuracy: Math.round((step.correctAnswers * 100) / step.totalCards),
      is_completed: true,
      completed_at: row.completed_at ?? step.at,
    });
  }
  return [...byLesson.values()];
}

export function applyPendingToOne(
  row: LessonProgressRow | null,
  steps: readonly QueuedStep[],
  userId: string,
  lessonId: string,
): LessonProgressRow | null {
  const out = applyPendingSteps(row ? [row] : [], steps, userId).find(
    (r) => r.lesson_id === lessonId,
  );
  return out ?? row;
}
