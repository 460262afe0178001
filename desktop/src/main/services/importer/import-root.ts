import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { studioMessage } from '../../../shared/messages.ts';
import type { ImportProgress, ImportReport } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { importLessonFolder } from './lesson-folder.ts';
import { createLimiter } from './limiter.ts';
import { saveLessonImport } from './save-import.ts';

export type ImportOptions = {
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Audio files probed at once (read, hashed and, for dialogues, decoded in this thread). */
  readonly concurrency?: number;
};

/**
 * Imports every subfolder of `root` as a lesson draft. A folder that fails does not stop the
 * batch: it is reported and the next one goes on. Progress is reported after each folder.
 */
export async function importRoot(
  root: string,
  store: DraftsStore,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((dirent) => dirent.isDirectory() && !dirent.name.startsWith('.'))
    .map((dirent) => dirent.name)
    .sort((a, b) => a.localeCompare(b, 'hu', { numeric: true }));
  // Probes wait on the disk as much as on the CPU: a few more than cores keeps both busy.
  const limit = createLimiter(options.concurrency ?? Math.max(4, availableParallelism() * 2));
  const issues: ImportReport['issues'][number][] = [];
  const lessonIds: number[] = [];
  let done = 0;
  const folderLimit = createLimiter(4);
  await Promise.all(
    folders.map((name) =>
      folderLimit(async () => {
        const folder = join(root, name);
        const display = name.normalize('NFC');
        try {
          const data = await importLessonFolder(folder, {
            limit,
            storedPeaksHash: (path) => {
              const existing = store.db.first<{ id: number }>(
                'SELECT id FROM lessons WHERE folder = ?',
                [path],
              );
              return existing && store.media.peaksHash(existing.id);
            },
          });
          lessonIds.push(saveLessonImport(store, data));
          issues.push(...data.issues.map((issue) => ({ ...issue, folder: display })));
        } catch (error) {
          issues.push({
            folder: display,
            file: '',
            row: null,
            code: 'folder-failed',
            message: studioMessage('folder-failed', { reason: (error as Error).message }),
          });
        }
        done++;
        options.onProgress?.({ done, total: folders.length, folder: display });
      }),
    ),
  );
  const idSet = new Set(lessonIds);
  return {
    root,
    lessons: store.lessons.list().filter((lesson) => idSet.has(lesson.id)),
    issues,
  };
}
