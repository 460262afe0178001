export {
  LESSON_BUCKETS,
  LESSON_DRAFTS_BUCKET,
  PUBLIC_LESSON_BUCKETS,
  draftObjectName,
  type LessonFileType,
  type StorageBucket,
} from './bucket-names.ts';
export {
  keepFilesPrivate,
  publishFiles,
  withdrawFiles,
  type LessonFilesStore,
  type LessonStorageFile,
} from './lesson-publication.ts';
export { uploadTargetFor, type UploadTarget } from './buckets.ts';
export {
  filesSkippedMessage,
  selectVocabularyAudio,
  type VocabularyAudioSelection,
} from './multi-select.ts';
export {
  LESSON_AUDIO_ACCEPT,
  UPLOAD_RULES,
  checkUpload,
  hasAcceptedType,
  type UploadContext,
  type UploadRule,
} from './rules.ts';
export { formatMegabytes } from './size.ts';
export { sanitizeFileName, storagePath } from './storage-path.ts';
export {
  MEGABYTE,
  extensionOf,
  type FileCheck,
  type FileLike,
  type FileRejection,
} from './types.ts';
export {
  audioKindOf,
  checkAudioContent,
  type AudioContentCheck,
  type AudioContentProbe,
  type AudioContext,
  type AudioKind,
} from './audio-content.ts';
