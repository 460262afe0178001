import {
  LESSON_DRAFTS_BUCKET,
  PUBLIC_LESSON_BUCKETS,
  draftObjectName,
  keepFilesPrivate,
  publishFiles,
  withdrawFiles,
  type LessonFilesStore,
} from '@magyarul/core/files';
import { getSupabase, toAppError, type AppClient } from '../lib/supabase.ts';

// The admin's side of draft lessons' files (DESIGN.md §13): a lesson's audio and images are
// uploaded to the private bucket lesson-drafts under `<public bucket>/<path>`, read by signed
// URL, and copied to the public bucket when the lesson is published (core's lesson-publication
// steps, the same the studio runs).

/** How long a signed URL for the admin's player or preview lasts. */
const SIGNED_SECONDS = 60 * 60;

function isPublicLessonBucket(bucket: string): boolean {
  return PUBLIC_LESSON_BUCKETS.includes(bucket);
}

/** The storage steps of core/files/lesson-publication.ts on the admin's client. */
export function lessonFilesStore(supabase: AppClient): LessonFilesStore {
  return {
    async files(lessonId) {
      const { data, error } = await supabase.rpc('lesson_storage_files', { _lesson_id: lessonId });
      if (error) throw toAppError(error);
      return data;
    },
    async copy(from, to) {
      const { error } = await supabase.storage
        .from(from.bucket)
        .copy(from.name, to.name, { destinationBucket: to.bucket });
      if (error && !/already exists/i.test(error.message)) throw toAppError(error);
    },
    async remove(bucket, names) {
      const { error } = await supabase.storage.from(bucket).remove([...names]);
      if (error) throw toAppError(error);
    },
  };
}

/** Publishes lessons: their files into the public buckets, then the flag. */
export async function publishLessons(
  ids: readonly string[],
  setFlag: (supabase: AppClient) => Promise<void>,
): Promise<void> {
  const supabase = await getSupabase();
  const store = lessonFilesStore(supabase);
  for (const id of ids) await publishFiles(store, id);
  await setFlag(supabase);
}

/** Sends lessons back to draft: copies kept private, the flag, then the public copies gone. */
export async function unpublishLessons(
  ids: readonly string[],
  setFlag: (supabase: AppClient) => Promise<void>,
): Promise<void> {
  const supabase = await getSupabase();
  const store = lessonFilesStore(supabase);
  for (const id of ids) await keepFilesPrivate(store, id);
  await setFlag(supabase);
  for (const id of ids) await withdrawFiles(store, id);
}

/** The lesson a web admin upload path (`<lesson id>/…`) belongs to. */
function lessonOfPath(path: string): string {
  return path.split('/')[0] ?? '';
}

/**
 * Uploads a lesson file. Audio and images go to lesson-drafts (private); when their lesson is
 * already published they are copied to the public bucket at once, as publishing would.
 */
export async function uploadLessonObject(
  bucket: string,
  path: string,
  file: Blob,
  contentType: string,
): Promise<void> {
  const supabase = await getSupabase();
  const isPrivate = isPublicLessonBucket(bucket);
  const { error } = await supabase.storage
    .from(isPrivate ? LESSON_DRAFTS_BUCKET : bucket)
    .upload(isPrivate ? draftObjectName(bucket, path) : path, file, {
      upsert: true,
      contentType: contentType || undefined,
    });
  if (error) throw toAppError(error);
  if (!isPrivate) return;
  const lesson = await supabase
    .from('lessons')
    .select('is_published')
    .eq('id', lessonOfPath(path))
    .maybeSingle();
  if (lesson.error) throw toAppError(lesson.error);
  if (lesson.data?.is_published) await publishFiles(lessonFilesStore(supabase), lessonOfPath(path));
}

/** Removes lesson files wherever they are (lesson-drafts and the public bucket). */
export async function removeLessonObjects(bucket: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const supabase = await getSupabase();
  const store = lessonFilesStore(supabase);
  if (isPublicLessonBucket(bucket)) {
    await store.remove(
      LESSON_DRAFTS_BUCKET,
      paths.map((path) => draftObjectName(bucket, path)),
    );
  }
  await store.remove(bucket, paths);
}

/**
 * A URL the admin's browser can play or show for a file of a public lesson bucket: a signed URL
 * of its lesson-drafts copy, or (a published lesson's file only the public bucket holds, such as
 * the seed's) its public URL.
 */
export async function adminObjectUrl(bucket: string, path: string): Promise<string> {
  const supabase = await getSupabase();
  const signed = await supabase.storage
    .from(LESSON_DRAFTS_BUCKET)
    .createSignedUrl(draftObjectName(bucket, path), SIGNED_SECONDS);
  if (!signed.error) return signed.data.signedUrl;
  return supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}
