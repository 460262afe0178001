import { audioUrlCandidates, resolveAudioUrl } from '@magyarul/core/lessons';
import {
  fetchAllProgress,
  fetchDueWords,
  fetchInterleavedWords,
  fetchLesson,
  fetchLessonProgress,
  fetchPublishedLessons,
  fetchTranscript,
  fetchVocabulary,
  type ApiWord,
} from '../lib/api.ts';
import { readBackendConfig } from '../lib/config.ts';
import { idbDelete } from './idb.ts';
import {
  AUDIO_CACHE,
  allDownloads,
  deleteDownloadRecord,
  putDownload,
  readKeys,
  type DownloadRecord,
} from './downloads.ts';
import { storedRead } from './reads.ts';

// Downloading a lesson for offline use: its rows (lesson, transcript, words, the cards'
// words, the learner's progress) are read through the API functions, which store them on this
// device because a record for the lesson exists; its audio files go to Cache Storage.

async function storeAudio(cache: Cache, url: string): Promise<number | null> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const blob = await response.blob();
  await cache.put(
    url,
    new Response(blob, {
      status: 200,
      headers: {
        'content-type': response.headers.get('content-type') ?? 'audio/mpeg',
        'content-length': String(blob.size),
      },
    }),
  );
  return blob.size;
}

function wordAudio(words: readonly ApiWord[], backendUrl: string): string[] {
  return words
    .map((w) => resolveAudioUrl(w.audio_file_path, backendUrl))
    .filter((url): url is string => url !== null);
}

function jsonBytes(value: unknown): number {
  return new Blob([JSON.stringify(value ?? null)]).size;
}

/** Downloads the lesson for the learner; resolves with its record once everything is stored. */
export async function downloadLesson(userId: string, lessonId: string): Promise<DownloadRecord> {
  const started: DownloadRecord = {
    userId,
    lessonId,
    title: '',
    lessonNumber: null,
    audioUrls: [],
    audioBytes: 0,
    dataBytes: 0,
    downloadedAt: new Date().toISOString(),
    complete: false,
  };
  await putDownload(started);
  try {
    const lesson = await fetchLesson(lessonId);
    if (!lesson) throw new Error(`lesson ${lessonId} not found`);
    const [transcript, vocabulary, words, progress] = await Promise.all([
      fetchTranscript(lessonId),
      fetchVocabulary(lessonId),
      fetchInterleavedWords(lessonId),
      fetchLessonProgress(userId, lessonId),
      // The dashboard's and the review page's lists, so both open without a connection.
      fetchPublishedLessons(),
      fetchAllProgress(userId),
    ]);
    await fetchDueWords().catch((error: unknown) =>
      console.warn('Due words were not stored for offline review', error),
    );
    const backendUrl = readBackendConfig().url;
    const urls = [
      ...new Set([
        ...audioUrlCandidates(lesson.audio_url, backendUrl),
        ...audioUrlCandidates(lesson.slow_audio_url, backendUrl),
        ...wordAudio(vocabulary, backendUrl),
        ...wordAudio(words, backendUrl),
      ]),
    ];
    const cache = await caches.open(AUDIO_CACHE);
    const stored: string[] = [];
    let audioBytes = 0;
    for (const url of urls) {
      const size = await storeAudio(cache, url);
      if (size === null) continue;
      stored.push(url);
      audioBytes += size;
    }
    if (
      lesson.audio_url &&
      !audioUrlCandidates(lesson.audio_url, backendUrl).some((u) => stored.includes(u))
    ) {
      throw new Error(`the audio of lesson ${lessonId} could not be downloaded`);
    }
    const record: DownloadRecord = {
      ...started,
      title: lesson.title,
      lessonNumber: lesson.lesson_number,
      audioUrls: stored,
      audioBytes,
      dataBytes: jsonBytes([lesson, transcript, vocabulary, words, progress]),
      downloadedAt: new Date().toISOString(),
      complete: true,
    };
    await putDownload(record);
    // Ask the browser not to evict what the learner chose to keep (best effort).
    void navigator.storage?.persist?.().catch(() => false);
    return record;
  } catch (error) {
    await removeDownload(userId, lessonId).catch(() => undefined);
    throw error;
  }
}

/** Removes the learner's download; rows and files another download still uses stay. */
export async function removeDownload(userId: string, lessonId: string): Promise<void> {
  await deleteDownloadRecord(userId, lessonId);
  const rest = await allDownloads();
  const stillUsed = new Set(rest.flatMap((r) => r.audioUrls));
  const removed = await storedAudioOf(userId, lessonId);
  const cache = await caches.open(AUDIO_CACHE);
  for (const url of removed) {
    if (!stillUsed.has(url)) await cache.delete(url);
  }
  await idbDelete('reads', readKeys.words(userId, lessonId));
  await idbDelete('reads', readKeys.lessonProgress(userId, lessonId));
  if (!rest.some((r) => r.lessonId === lessonId)) {
    await idbDelete('reads', readKeys.lesson(lessonId));
    await idbDelete('reads', readKeys.transcript(lessonId));
    await idbDelete('reads', readKeys.vocabulary(lessonId));
  }
}

/** The audio URLs stored for a lesson, worked out from its stored rows (the record is gone). */
async function storedAudioOf(userId: string, lessonId: string): Promise<string[]> {
  const backendUrl = readBackendConfig().url;
  const lesson = await storedRead<{
    audio_url: string | null;
    slow_audio_url: string | null;
  } | null>(readKeys.lesson(lessonId));
  const vocabulary = (await storedRead<ApiWord[]>(readKeys.vocabulary(lessonId))) ?? [];
  const words = (await storedRead<ApiWord[]>(readKeys.words(userId, lessonId))) ?? [];
  return [
    ...audioUrlCandidates(lesson?.audio_url, backendUrl),
    ...audioUrlCandidates(lesson?.slow_audio_url, backendUrl),
    ...wordAudio(vocabulary, backendUrl),
    ...wordAudio(words, backendUrl),
  ];
}
