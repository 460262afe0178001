import type { DraftsStore } from '../../src/main/services/drafts/drafts-store.ts';

/**
 * Times every line of a lesson as an author would before publishing: the recording cut into
 * equal spans, one per line, each ending a little before the next starts.
 */
export function timeAllLines(store: DraftsStore, lessonId: number): void {
  const lines = store.lines.listForLesson(lessonId);
  const duration = store.lessons.get(lessonId)?.duration_seconds ?? 0;
  const span = duration / Math.max(1, lines.length);
  store.lines.setTimes(
    lessonId,
    lines.map((line, i) => ({
      id: line.id,
      startTime: Math.round(i * span * 100) / 100,
      endTime: Math.round(((i + 1) * span - 0.1) * 100) / 100,
    })),
  );
}
