import { extensionOf, type FileLike } from './types.ts';

export type StorageBucket = 'lesson-audio' | 'lesson-video' | 'lesson-documents' | 'lesson-images';

/** lesson_files.file_type values. */
export type LessonFileType = 'audio' | 'video' | 'document' | 'image';

export type UploadTarget = { readonly bucket: StorageBucket; readonly fileType: LessonFileType };

const byExtension: Readonly<Record<string, LessonFileType>> = {
  '.mp3': 'audio',
  '.wav': 'audio',
  '.m4a': 'audio',
  '.aac': 'audio',
  '.ogg': 'audio',
  '.flac': 'audio',
  '.mp4': 'video',
  '.mov': 'video',
  '.webm': 'video',
  '.mkv': 'video',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
  '.svg': 'image',
};

const buckets: Readonly<Record<LessonFileType, StorageBucket>> = {
  audio: 'lesson-audio',
  video: 'lesson-video',
  document: 'lesson-documents',
  image: 'lesson-images',
};

/**
 * Where the Upload Lesson form stores a file: by MIME family (audio/, video/, image/), else by
 * extension, else as a document (PDFs, CSVs, text and anything unknown).
 */
export function uploadTargetFor(file: FileLike): UploadTarget {
  const family = file.type.split('/')[0]?.toLowerCase();
  const fileType: LessonFileType =
    family === 'audio' || family === 'video' || family === 'image'
      ? family
      : (byExtension[extensionOf(file.name)] ?? 'document');
  return { bucket: buckets[fileType], fileType };
}
