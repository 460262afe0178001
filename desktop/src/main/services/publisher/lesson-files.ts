import {
  keepFilesPrivate,
  publishFiles,
  withdrawFiles,
  type LessonFilesStore,
} from '@magyarul/core/files';
import { check, errorText } from './results.ts';
import type { StudioClient } from './session.ts';

// The studio's side of draft lessons' files (DESIGN.md §13): the recordings are uploaded to the
// private bucket lesson-drafts (lesson-steps.ts), and publishing copies them to the public
// bucket with core's lesson-publication steps, the same the web admin runs.

type Step = { item: string; run: () => Promise<'uploaded' | 'unchanged' | 'removed'> };

/** The storage steps of core/files/lesson-publication.ts on the studio's client. */
export function lessonFilesStore(client: StudioClient): LessonFilesStore {
  return {
    async files(lessonId) {
      return check(await client.rpc('lesson_storage_files', { _lesson_id: lessonId })) ?? [];
    },
    async copy(from, to) {
      const { error } = await client.storage
        .from(from.bucket)
        .copy(from.name, to.name, { destinationBucket: to.bucket });
      if (error && !/already exists/i.test(errorText(error))) throw new Error(errorText(error));
    },
    async remove(bucket, names) {
      check(await client.storage.from(bucket).remove([...names]));
    },
  };
}

/**
 * The steps around the lesson's rows: published, its files are copied to the public bucket
 * before the row says so (the database refuses it the other way round); a draft keeps a private
 * copy of each public file before the row says so, and loses the public copies after.
 */
export function publicationSteps(
  client: StudioClient,
  remoteId: string,
  isPublished: boolean,
): { before: Step[]; after: Step[] } {
  const store = lessonFilesStore(client);
  const done = (count: number, what: 'uploaded' | 'removed') => (count > 0 ? what : 'unchanged');
  if (isPublished) {
    return {
      before: [
        {
          item: 'public audio',
          run: async () => done(await publishFiles(store, remoteId), 'uploaded'),
        },
      ],
      after: [],
    };
  }
  return {
    before: [
      {
        item: 'private audio',
        run: async () => done(await keepFilesPrivate(store, remoteId), 'uploaded'),
      },
    ],
    after: [
      {
        item: 'public audio',
        run: async () => done(await withdrawFiles(store, remoteId), 'removed'),
      },
    ],
  };
}
