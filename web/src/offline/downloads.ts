import { idbAll, idbDelete, idbGet, idbKeys, idbPut, prefixRange } from './idb.ts';

// What is downloaded on this device: one record per learner and lesson. The lesson's rows live
// in the reads store under the keys below (the same keys the API functions read through), its
// audio in the Cache Storage cache AUDIO_CACHE, which the service worker answers from.

export const AUDIO_CACHE = 'magyarul-audio-v1';

export const readKeys = {
  publishedLessons: () => 'lessons:published',
  lesson: (lessonId: string) => `lesson:${lessonId}`,
  transcript: (lessonId: string) => `transcript:${lessonId}`,
  vocabulary: (lessonId: string) => `vocabulary:${lessonId}`,
  characters: (lessonId: string) => `characters:${lessonId}`,
  notes: (lessonId: string) => `notes:${lessonId}`,
  tokens: (lessonId: string) => `tokens:${lessonId}`,
  knownWords: (userId: string) => `user:${userId}:known-words`,
  words: (userId: string, lessonId: string) => `user:${userId}:words:${lessonId}`,
  sessionCount: (userId: string, lessonId: string) => `user:${userId}:sessions:${lessonId}`,
  lessonProgress: (userId: string, lessonId: string) => `user:${userId}:progress:${lessonId}`,
  allProgress: (userId: string) => `user:${userId}:progress-all`,
  completedCount: (userId: string) => `user:${userId}:completed-count`,
  dueWords: (userId: string) => `user:${userId}:due-words`,
  reviewedCount: (userId: string) => `user:${userId}:reviewed-count`,
  streak: (userId: string) => `user:${userId}:streak`,
  touristPack: (userId: string) => `user:${userId}:tourist-pack`,
  profile: (userId: string) => `user:${userId}:profile`,
  practice: (userId: string, lessonId: string) => `user:${userId}:practice:${lessonId}`,
  dueItems: (userId: string) => `user:${userId}:due-items`,
  exampleLines: (userId: string) => `user:${userId}:example-lines`,
  skillSummary: (userId: string) => `user:${userId}:skill-summary`,
  dueForecast: (userId: string) => `user:${userId}:due-forecast`,
  scheduling: (userId: string) => `user:${userId}:scheduling`,
  today: (userId: string) => `user:${userId}:today`,
  achievements: (userId: string) => `user:${userId}:achievements`,
};

export type DownloadRecord = {
  readonly userId: string;
  readonly lessonId: string;
  readonly title: string;
  /** The title in German and Spanish (absent in records made before they existed). */
  readonly title_de?: string | null;
  readonly title_es?: string | null;
  readonly lessonNumber: number | null;
  /** Every audio URL stored for the lesson (dialogue in each version, words). */
  readonly audioUrls: readonly string[];
  readonly audioBytes: number;
  /** The lesson's rows as stored (JSON), for the size shown. */
  readonly dataBytes: number;
  readonly downloadedAt: string;
  /** False while the download runs (reads are stored for it already). */
  readonly complete: boolean;
};

const recordKey = (userId: string, lessonId: string) => `${userId}:${lessonId}`;

export function putDownload(record: DownloadRecord): Promise<void> {
  return idbPut('lessons', record, recordKey(record.userId, record.lessonId));
}

export function getDownload(userId: string, lessonId: string): Promise<DownloadRecord | undefined> {
  return idbGet<DownloadRecord>('lessons', recordKey(userId, lessonId));
}

export function deleteDownloadRecord(userId: string, lessonId: string): Promise<void> {
  return idbDelete('lessons', recordKey(userId, lessonId));
}

/** The learner's downloads, complete ones only unless asked. */
export async function listDownloads(
  userId: string,
  withPartial = false,
): Promise<DownloadRecord[]> {
  const records = await idbAll<DownloadRecord>('lessons', prefixRange(`${userId}:`));
  return records.filter((r) => withPartial || r.complete);
}

export function allDownloads(): Promise<DownloadRecord[]> {
  return idbAll<DownloadRecord>('lessons');
}

/** Some learner on this device downloaded (or is downloading) the lesson. */
export async function hasDownload(lessonId: string): Promise<boolean> {
  try {
    const keys = await idbKeys('lessons');
    return keys.some((key) => typeof key === 'string' && key.endsWith(`:${lessonId}`));
  } catch {
    return false;
  }
}

/**
 * A download of the lesson is running: its rows are stored as they are read. Afterwards the
 * stored rows stay as downloaded (their audio URLs point at the device's copies) until the
 * learner removes the download; only the progress row follows the server.
 */
export async function isDownloading(lessonId: string): Promise<boolean> {
  try {
    const records = await allDownloads();
    return records.some((r) => r.lessonId === lessonId && !r.complete);
  } catch {
    return false;
  }
}

/** The query parameter that names a downloaded audio file (service-worker.ts answers it). */
export const OFFLINE_MARK = 'magyarul-offline';

export function markOffline(url: string): string {
  const marked = new URL(url, window.location.origin);
  marked.searchParams.set(OFFLINE_MARK, '1');
  return marked.toString();
}
