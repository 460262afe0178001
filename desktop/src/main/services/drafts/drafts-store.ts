import { studioMessage } from '../../../shared/messages.ts';
import type { ImportIssue, LessonDraft } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { createIssuesRepo } from './issues-repo.ts';
import { LIVE_ISSUE_CODES, createLessonsRepo, openNfcNotes } from './lessons-repo.ts';
import { createLinesRepo } from './lines-repo.ts';
import { createMediaRepo } from './media-repo.ts';
import { createPublishedRepo } from './published-repo.ts';
import { createPublishedRowsRepo } from './published-rows-repo.ts';
import { createSettingsRepo } from './settings-repo.ts';
import { createTokensRepo } from './tokens-repo.ts';
import { createWordsRepo } from './words-repo.ts';

const HUNGARIAN = new Intl.Collator('hu');

/** The drafts database with one repository per table. */
export function createDraftsStore(db: Db, now: () => Date = () => new Date()) {
  const lessons = createLessonsRepo(db, now);
  const lines = createLinesRepo(db);
  const words = createWordsRepo(db);
  const media = createMediaRepo(db);
  const issues = createIssuesRepo(db);
  const published = createPublishedRepo(db, now);
  const publishedRows = createPublishedRowsRepo(db);
  const settings = createSettingsRepo(db);
  const tokens = createTokensRepo(db);
  return {
    db,
    lessons,
    lines,
    words,
    media,
    issues,
    published,
    publishedRows,
    settings,
    tokens,
    getDraft(lessonId: number): LessonDraft | null {
      const lesson = lessons.get(lessonId);
      const summary = lessons.summary(lessonId);
      if (!lesson || !summary) return null;
      const wordList = words.listForLesson(lessonId);
      const vocabularyFiles = media.audioFiles(lessonId).filter((f) => f.role === 'vocabulary');
      // Matching issues as they stand now (see LIVE_ISSUE_CODES): a word matched by hand, or a
      // file given to a word, no longer has one.
      const used = new Set(wordList.flatMap((word) => (word.audioFile ? [word.audioFile] : [])));
      const unmatched = wordList.filter((word) => word.audioFile === null);
      const stored = issues.listForLesson(lessonId);
      const live: ImportIssue[] = [
        ...openNfcNotes(stored, [...used, ...(lesson.dialogue_file ? [lesson.dialogue_file] : [])]),
        ...(unmatched.length > 0 ? stored.filter((i) => i.code === 'ambiguous-audio') : []),
        ...unmatched.map((word) => ({
          file: '',
          row: null,
          code: 'word-without-audio',
          message: studioMessage('word-without-audio', { word: word.wordHu }),
        })),
        ...vocabularyFiles
          .filter((file) => file.duration_seconds !== null && !used.has(file.file_name))
          .map((file) => {
            const name = file.file_name.normalize('NFC');
            return {
              file: name,
              row: null,
              code: 'audio-without-word',
              message: studioMessage('audio-without-word', { file: name }),
            };
          }),
      ];
      return {
        ...summary,
        description: lesson.description,
        topic: lesson.topic,
        dialogueFile: lesson.dialogue_file,
        lines: lines.listForLesson(lessonId),
        tokens: tokens.listForLesson(lessonId),
        words: wordList,
        // In Hungarian alphabetical order (cs after c, ő after ö), never by code point.
        audioFiles: vocabularyFiles
          .map((file) => file.file_name)
          .sort((a, b) => HUNGARIAN.compare(a.normalize('NFC'), b.normalize('NFC'))),
        issues: [...stored.filter((i) => !LIVE_ISSUE_CODES.includes(i.code)), ...live],
      };
    },
  };
}
export type DraftsStore = ReturnType<typeof createDraftsStore>;

export function openDraftsStore(file: string): DraftsStore {
  return createDraftsStore(openDatabase(file));
}
