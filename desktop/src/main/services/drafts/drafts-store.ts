import type { LessonDraft } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { createIssuesRepo } from './issues-repo.ts';
import { createLessonsRepo } from './lessons-repo.ts';
import { createLinesRepo } from './lines-repo.ts';
import { createMediaRepo } from './media-repo.ts';
import { createPublishedRepo } from './published-repo.ts';
import { createSettingsRepo } from './settings-repo.ts';
import { createWordsRepo } from './words-repo.ts';

/** The drafts database with one repository per table. */
export function createDraftsStore(db: Db, now: () => Date = () => new Date()) {
  const lessons = createLessonsRepo(db, now);
  const lines = createLinesRepo(db);
  const words = createWordsRepo(db);
  const media = createMediaRepo(db);
  const issues = createIssuesRepo(db);
  const published = createPublishedRepo(db, now);
  const settings = createSettingsRepo(db);
  return {
    db,
    lessons,
    lines,
    words,
    media,
    issues,
    published,
    settings,
    getDraft(lessonId: number): LessonDraft | null {
      const lesson = lessons.get(lessonId);
      const summary = lessons.summary(lessonId);
      if (!lesson || !summary) return null;
      return {
        ...summary,
        description: lesson.description,
        topic: lesson.topic,
        dialogueFile: lesson.dialogue_file,
        lines: lines.listForLesson(lessonId),
        words: words.listForLesson(lessonId),
        audioFiles: media
          .audioFiles(lessonId)
          .filter((file) => file.role === 'vocabulary')
          .map((file) => file.file_name),
        issues: issues.listForLesson(lessonId),
      };
    },
  };
}
export type DraftsStore = ReturnType<typeof createDraftsStore>;

export function openDraftsStore(file: string): DraftsStore {
  return createDraftsStore(openDatabase(file));
}
