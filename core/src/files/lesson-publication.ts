import { LESSON_DRAFTS_BUCKET, draftObjectName } from './bucket-names.ts';

// Publishing a lesson's files, the one path the web admin and the studio share (DESIGN.md §13,
// migration 20261127810100). A lesson's audio and images are uploaded to the private bucket
// lesson-drafts under `<public bucket>/<name>`; its rows name the public address from the
// start. The steps, each repeatable after a failure:
//
//   publish:   publishFiles (copy what only lesson-drafts holds into the public bucket), then
//              the caller sets is_published (the database refuses it before the copies).
//   unpublish: keepFilesPrivate (copy into lesson-drafts what only the public bucket holds,
//              e.g. the seed's files), then the caller clears is_published, then
//              withdrawFiles (remove the public copies no other published lesson names).
//
// lesson-drafts keeps every file, so a failure anywhere leaves the admins every file to read.
// A failure before the flag changes leaves the lesson as it was (at most some public copies of
// a draft's files, named by the lesson's random id, that the next publish or unpublish settles);
// a failure in withdrawFiles leaves a draft whose public copies stay until the next unpublish
// or save of it removes them (the admin is told, the state of the rows is right).

/** One file of a lesson as lesson_storage_files() reports it (its generated row type). */
export type LessonStorageFile = {
  bucket_id: string | null;
  name: string | null;
  in_drafts: boolean | null;
  in_public: boolean | null;
  shared: boolean | null;
};

type StorageFile = {
  bucket: string;
  name: string;
  inDrafts: boolean;
  inPublic: boolean;
  shared: boolean;
};

/** The lesson's files, those with a bucket and a name (every row the function returns). */
async function filesOf(store: LessonFilesStore, lessonId: string): Promise<StorageFile[]> {
  const files: StorageFile[] = [];
  for (const file of await store.files(lessonId)) {
    if (!file.bucket_id || !file.name) continue;
    files.push({
      bucket: file.bucket_id,
      name: file.name,
      inDrafts: file.in_drafts === true,
      inPublic: file.in_public === true,
      shared: file.shared === true,
    });
  }
  return files;
}

/** What the publication steps need of a Supabase client (each side adapts its own). */
export type LessonFilesStore = {
  /** lesson_storage_files(lesson id). */
  files(lessonId: string): Promise<readonly LessonStorageFile[]>;
  /** Copies an object between buckets; an object already at the destination counts as done. */
  copy(from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<void>;
  remove(bucket: string, names: readonly string[]): Promise<void>;
};

/** Copies the lesson's files that only lesson-drafts holds into their public buckets. */
export async function publishFiles(store: LessonFilesStore, lessonId: string): Promise<number> {
  let copied = 0;
  for (const file of await filesOf(store, lessonId)) {
    if (!file.inDrafts || file.inPublic) continue;
    await store.copy(
      { bucket: LESSON_DRAFTS_BUCKET, name: draftObjectName(file.bucket, file.name) },
      { bucket: file.bucket, name: file.name },
    );
    copied++;
  }
  return copied;
}

/** Makes sure lesson-drafts holds a copy of each of the lesson's public files. */
export async function keepFilesPrivate(store: LessonFilesStore, lessonId: string): Promise<number> {
  let copied = 0;
  for (const file of await filesOf(store, lessonId)) {
    if (file.inDrafts || !file.inPublic) continue;
    await store.copy(
      { bucket: file.bucket, name: file.name },
      { bucket: LESSON_DRAFTS_BUCKET, name: draftObjectName(file.bucket, file.name) },
    );
    copied++;
  }
  return copied;
}

/**
 * Removes the public copies of a draft lesson's files (those lesson-drafts holds, and that no
 * other published lesson names). A file only the public bucket holds is left where it is.
 */
export async function withdrawFiles(store: LessonFilesStore, lessonId: string): Promise<number> {
  const byBucket = new Map<string, string[]>();
  for (const file of await filesOf(store, lessonId)) {
    if (!file.inPublic || !file.inDrafts || file.shared) continue;
    byBucket.set(file.bucket, [...(byBucket.get(file.bucket) ?? []), file.name]);
  }
  let removed = 0;
  for (const [bucket, names] of byBucket) {
    await store.remove(bucket, names);
    removed += names.length;
  }
  return removed;
}
