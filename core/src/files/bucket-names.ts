// The lesson-file buckets on their own (no import but the schema's types), so the edge
// functions' generated copy of core (supabase/functions/_shared/core) takes this file alone.
import type { Enums } from '../../../supabase/types/database.ts';

/**
 * The storage buckets of lesson files by file type: the one place their names are written in
 * TypeScript (the storage migration creates them; the apps, the studio, the seed and the edge
 * functions import them from here). The keys are the lesson_file_type values that have a bucket
 * (the enum's transcript, vocabulary and other have none).
 */
export const LESSON_BUCKETS = {
  audio: 'lesson-audio',
  video: 'lesson-video',
  document: 'lesson-documents',
  image: 'lesson-images',
} as const satisfies Readonly<Partial<Record<Enums<'lesson_file_type'>, string>>>;

/** A lesson_files.file_type the Upload Lesson form stores, in its bucket. */
export type LessonFileType = keyof typeof LESSON_BUCKETS;

export type StorageBucket = (typeof LESSON_BUCKETS)[LessonFileType];

/**
 * The private bucket a lesson's audio and images live in until it is published, each under
 * `<public bucket>/<name in that bucket>` (migration 20261127810100, DESIGN.md §13).
 */
export const LESSON_DRAFTS_BUCKET = 'lesson-drafts';

/** The buckets whose files are public once their lesson is published. */
export const PUBLIC_LESSON_BUCKETS: readonly string[] = [
  LESSON_BUCKETS.audio,
  LESSON_BUCKETS.image,
];

/** The name in lesson-drafts of a file whose public address is `name` in `bucket`. */
export function draftObjectName(bucket: string, name: string): string {
  return `${bucket}/${name}`;
}
