import type { MediaRef } from './model.ts';

/** The path part of a media URL: `dialogue/<lessonId>` or `vocabulary/<lessonId>/<file>`. */
export function mediaPath(ref: MediaRef): string {
  return ref.kind === 'dialogue'
    ? `dialogue/${ref.lessonId}`
    : `vocabulary/${ref.lessonId}/${encodeURIComponent(ref.file)}`;
}

export function parseMediaPath(path: string): MediaRef | null {
  const parts = path.replace(/^\/+/, '').split('/');
  const lessonId = Number(parts[1]);
  if (!Number.isSafeInteger(lessonId) || lessonId < 1) return null;
  if (parts[0] === 'dialogue' && parts.length === 2) return { kind: 'dialogue', lessonId };
  if (parts[0] === 'vocabulary' && parts.length === 3 && parts[2]) {
    try {
      return { kind: 'vocabulary', lessonId, file: decodeURIComponent(parts[2]) };
    } catch {
      return null;
    }
  }
  return null;
}
