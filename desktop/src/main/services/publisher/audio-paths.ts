import { extname } from 'node:path';
import { LESSON_AUDIO_BUCKET as AUDIO_BUCKET } from '@magyarul/core/lessons';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import type { AudioFileRow } from '../drafts/media-repo.ts';
import type { StudioClient } from './session.ts';

export { AUDIO_BUCKET };

/**
 * Where a lesson's recordings go on the server: named by content hash under the lesson's id, so
 * a changed recording is a new object and an unchanged one is never sent twice. `needed` are the
 * files the lesson plays: its dialogue and the recordings of its words.
 */
export function lessonAudio(store: DraftsStore, lesson: LessonRow & { remote_id: string }) {
  const audio = store.media.audioFiles(lesson.id);
  const objectPath = (file: AudioFileRow) =>
    `lessons/${lesson.remote_id}/${file.role}/${file.content_hash.slice(0, 32)}${extname(file.file_name).toLowerCase()}`;
  const pathOf = new Map(audio.map((file) => [file.file_name, objectPath(file)]));
  const words = store.words.listForLesson(lesson.id);
  const needed = audio.filter(
    (file) =>
      (file.role === 'dialogue' && file.file_name === lesson.dialogue_file) ||
      (file.role === 'vocabulary' && words.some((word) => word.audioFile === file.file_name)),
  );
  return { objectPath, pathOf, needed };
}

/** The public URL a lesson row stores for an object of the audio bucket. */
export function publicUrl(client: StudioClient, path: string): string {
  return client.storage.from(AUDIO_BUCKET).getPublicUrl(path).data.publicUrl;
}
