import type { ImportIssue } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';

export function createIssuesRepo(db: Db) {
  return {
    replaceForLesson(lessonId: number, issues: readonly ImportIssue[]): void {
      db.run('DELETE FROM import_issues WHERE lesson_id = ?', [lessonId]);
      for (const issue of issues) {
        db.run(
          'INSERT INTO import_issues (lesson_id, file, row, code, message) VALUES (?, ?, ?, ?, ?)',
          [lessonId, issue.file, issue.row, issue.code, issue.message],
        );
      }
    },

    listForLesson(lessonId: number): ImportIssue[] {
      return db.all<ImportIssue>(
        'SELECT file, row, code, message FROM import_issues WHERE lesson_id = ? ORDER BY id',
        [lessonId],
      );
    },
  };
}
