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
import { fetchLessonCharacters, fetchLessonNotes } from '../lib/lesson-extras-api.ts';
import { lessonSessionRound } from '../lib/session-round.ts';
import { fetchDueItems, fetchLessonPracticeRows } from '../practice/practice-api.ts';
import { idbDelete } from './idb.ts';
import {
  AUDIO_CACHE,
  allDownloads,
  deleteDownloadRecord,
  getDownload,
  markOffline,
  putDownload,
  readKeys,
  type DownloadRecord,
} from './downloads.ts';
import { storeRead } from './reads.ts';
import { fetchKnownWords, fetchLessonTokens } from '../tokens/tokens-api.ts';

// Downloading a lesson for offline use. Its rows (lesson, transcript, characters, notes, words,
// the cards' words, the learner's progress) are read through the API functions, which store them
// on this device while the download runs; its audio files (the dialogue in every version it has,
// slow, normal and natural tempo, and every word) go to Cache
// Storage under marked URLs, and the stored rows are rewritten to name those, so a page that
// reads the lesson without a connection plays the device's copies through the service worker.

type Stored = { readonly url: string; readonly bytes: number };

/** Fetches `source` and keeps it under its marked URL; null when the server has no such file. */
async function storeAudio(cache: Cache, source: string): Promise<Stored | null> {
  const response = await fetch(source, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const blob = await response.blob();
  const url = markOffline(source);
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
  return { url, bytes: blob.size };
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
  const stored = new Map<string, Stored>();
  try {
    const lesson = await fetchLesson(lessonId);
    if (!lesson) throw new Error(`lesson ${lessonId} not found`);
    const [transcript, vocabulary, words, progress, tokens, characters, notes] = await Promise.all([
      fetchTranscript(lessonId),
      fetchVocabulary(lessonId),
      fetchInterleavedWords(lessonId),
      fetchLessonProgress(userId, lessonId),
      // The words of its lines, so a word's panel opens offline (tap-a-word).
      fetchLessonTokens(lessonId),
      fetchLessonCharacters(lessonId),
      fetchLessonNotes(lessonId),
      // The learner's practice state of the lesson (its Practice tab offline).
      fetchLessonPracticeRows(userId, lessonId),
      // How many sessions of it came before: its next session alternates directions offline too.
      lessonSessionRound(userId, lessonId),
      // The dashboard's lists, so it opens without a connection.
      fetchPublishedLessons(),
      fetchAllProgress(userId),
    ]);
    // Which of its words the learner has in review (marked in the transcript; best effort).
    await fetchKnownWords(userId).catch((error: unknown) =>
      console.warn('Known words were not stored for offline use', error),
    );
    // The review page's words, so a review works offline too (best effort).
    await fetchDueWords().catch((error: unknown) =>
      console.warn('Due words were not stored for offline review', error),
    );
    await fetchDueItems(userId).catch((error: unknown) =>
      console.warn('Due items were not stored for offline review', error),
    );

    const backendUrl = readBackendConfig().url;
    const cache = await caches.open(AUDIO_CACHE);
    /** The first candidate the server has, stored; its marked URL. */
    const keep = async (candidates: readonly string[]): Promise<string | null> => {
      for (const source of candidates) {
        const known = stored.get(source);
        if (known) return known.url;
        const file = await storeAudio(cache, source);
        if (file) {
          stored.set(source, file);
          return file.url;
        }
      }
      return null;
    };
    const dialogue = await keep(audioUrlCandidates(lesson.audio_url, backendUrl));
    if (lesson.audio_url && !dialogue) {
      throw new Error(`the audio of lesson ${lessonId} could not be downloaded`);
    }
    // The other renderings are small beside the words' files (a seed lesson's natural version is
    // about 60 kB), so every version the lesson has goes with it and plays offline too.
    const slow = await keep(audioUrlCandidates(lesson.slow_audio_url, backendUrl));
    const natural = await keep(audioUrlCandidates(lesson.natural_audio_url, backendUrl));
    const withWordAudio = async <W extends { audio_file_path?: string | null }>(
      list: readonly W[],
    ): Promise<W[]> => {
      const out: W[] = [];
      for (const word of list) {
        const url = resolveAudioUrl(word.audio_file_path, backendUrl);
        const marked = url ? await keep([url]) : null;
        out.push(marked ? { ...word, audio_file_path: marked } : word);
      }
      return out;
    };
    const offlineLesson = {
      ...lesson,
      audio_url: dialogue ?? lesson.audio_url,
      slow_audio_url: slow ?? lesson.slow_audio_url,
      natural_audio_url: natural ?? lesson.natural_audio_url,
    };
    const offlineVocabulary = await withWordAudio(vocabulary);
    const offlineWords = await withWordAudio<ApiWord>(words);
    await storeRead(readKeys.lesson(lessonId), offlineLesson);
    await storeRead(readKeys.vocabulary(lessonId), offlineVocabulary);
    await storeRead(readKeys.words(userId, lessonId), offlineWords);

    const files = [...stored.values()];
    const record: DownloadRecord = {
      ...started,
      title: lesson.title,
      title_de: lesson.title_de,
      title_es: lesson.title_es,
      lessonNumber: lesson.lesson_number,
      audioUrls: files.map((f) => f.url),
      audioBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      dataBytes: jsonBytes([
        offlineLesson,
        transcript,
        characters,
        notes,
        tokens,
        offlineVocabulary,
        offlineWords,
        progress,
      ]),
      downloadedAt: new Date().toISOString(),
      complete: true,
    };
    await putDownload(record);
    // Ask the browser not to evict what the learner chose to keep (best effort).
    void navigator.storage?.persist?.().catch(() => false);
    return record;
  } catch (error) {
    await putDownload({ ...started, audioUrls: [...stored.values()].map((f) => f.url) });
    await removeDownload(userId, lessonId).catch(() => undefined);
    throw error;
  }
}

/** Removes the learner's download; rows and files another download still uses stay. */
export async function removeDownload(userId: string, lessonId: string): Promise<void> {
  const record = await getDownload(userId, lessonId);
  await deleteDownloadRecord(userId, lessonId);
  const rest = await allDownloads();
  const stillUsed = new Set(rest.flatMap((r) => r.audioUrls));
  const cache = await caches.open(AUDIO_CACHE);
  for (const url of record?.audioUrls ?? []) {
    if (!stillUsed.has(url)) await cache.delete(url);
  }
  await idbDelete('reads', readKeys.words(userId, lessonId));
  await idbDelete('reads', readKeys.lessonProgress(userId, lessonId));
  await idbDelete('reads', readKeys.practice(userId, lessonId));
  if (!rest.some((r) => r.lessonId === lessonId)) {
    await idbDelete('reads', readKeys.lesson(lessonId));
    await idbDelete('reads', readKeys.transcript(lessonId));
    await idbDelete('reads', readKeys.vocabulary(lessonId));
    await idbDelete('reads', readKeys.characters(lessonId));
    await idbDelete('reads', readKeys.notes(lessonId));
    await idbDelete('reads', readKeys.tokens(lessonId));
  }
}
