// The lesson-file buckets on their own (no other import), so the edge functions' generated copy
// of core (supabase/functions/_shared/core) takes this file alone.

/** lesson_files.file_type values. */
export type LessonFileType = 'audio' | 'video' | 'document' | 'image';

/**
 * The storage buckets of lesson files by file type: the one place their names are written in
 * TypeScript (the storage migration creates them; the apps, the studio, the seed and the edge
 * functions import them from here).
 */
export const LESSON_BUCKETS = {
  audio: 'lesson-audio',
  video: 'lesson-video',
  document: 'lesson-documents',
  image: 'lesson-images',
} as const satisfies Readonly<Record<LessonFileType, string>>;

export type StorageBucket = (typeof LESSON_BUCKETS)[LessonFileType];
