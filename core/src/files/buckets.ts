import { LESSON_BUCKETS, type LessonFileType, type StorageBucket } from './bucket-names.ts';
import { extensionOf, type FileLike } from './types.ts';

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
  return { bucket: LESSON_BUCKETS[fileType], fileType };
}
