// Names shared by the audio generator, the loader, seed.sql and the upload script, so the
// file on disk, the storage object and the database path always agree.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LESSON_AUDIO_BUCKET as AUDIO_BUCKET } from '@magyarul/core/lessons';
import { LESSONS } from './lessons.ts';
import type { LineTimes, SeedLesson, SeedWord, Timings } from './types.ts';
import { lineVoice, VOICES } from './voices.ts';

/** supabase/seed/audio: lessons/lesson-NN.mp3 and words/<slug>.mp3. */
export const AUDIO_DIR = fileURLToPath(new URL('../audio/', import.meta.url));

/** The line times and durations written by make-audio.ts. */
export function loadTimings(): Timings {
  return JSON.parse(readFileSync(new URL('./timings.json', import.meta.url), 'utf8')) as Timings;
}

/** Storage bucket that holds lesson and vocabulary audio. */
export { AUDIO_BUCKET };

/**
 * Hosted Supabase Storage only accepts ASCII object keys, so a word's file name spells the
 * Hungarian long vowels and umlauts as distinct ASCII digraphs: á→aa, é→ee, í→ii, ó→oo, ö→oe,
 * ő→ooe, ú→uu, ü→ue, ű→uue. kor, kór and kör stay three different names (kor, koor, koer).
 * Other runs of non-letters become one hyphen.
 */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  á: 'aa',
  é: 'ee',
  í: 'ii',
  ó: 'oo',
  ö: 'oe',
  ő: 'ooe',
  ú: 'uu',
  ü: 'ue',
  ű: 'uue',
};

export function audioSlug(word: string): string {
  return word
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[áéíóöőúüű]/gu, (letter) => TRANSLITERATION[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function lessonAudioFile(lessonNumber: number): string {
  return `lesson-${String(lessonNumber).padStart(2, '0')}.mp3`;
}

/** The slower rendering for beginners: lesson-NN-slow.mp3. */
export function slowLessonAudioFile(lessonNumber: number): string {
  return `lesson-${String(lessonNumber).padStart(2, '0')}-slow.mp3`;
}

/** Natural conversational tempo: lesson-NN-natural.mp3. */
export function naturalLessonAudioFile(lessonNumber: number): string {
  return `lesson-${String(lessonNumber).padStart(2, '0')}-natural.mp3`;
}

export function wordAudioFile(word: string): string {
  return `${audioSlug(word)}.mp3`;
}

/** Object name inside the lesson-audio bucket (what lessons.audio_url stores). */
export function lessonObjectName(lessonNumber: number): string {
  return `seed/lessons/${lessonAudioFile(lessonNumber)}`;
}

/** Object name of the slow rendering (what lessons.slow_audio_url stores). */
export function slowLessonObjectName(lessonNumber: number): string {
  return `seed/lessons/${slowLessonAudioFile(lessonNumber)}`;
}

/** Object name of the natural-tempo rendering (what lessons.natural_audio_url stores). */
export function naturalLessonObjectName(lessonNumber: number): string {
  return `seed/lessons/${naturalLessonAudioFile(lessonNumber)}`;
}

/** Object name inside the lesson-audio bucket (what lesson_vocabulary.audio_file_path stores). */
export function wordObjectName(word: string): string {
  return `seed/words/${wordAudioFile(word)}`;
}

/** Every distinct vocabulary word of the course, first occurrence wins (one audio file each). */
export function distinctWords(): SeedWord[] {
  const seen = new Map<string, SeedWord>();
  for (const lesson of LESSONS) {
    for (const word of lesson.words) {
      const key = word.hu.normalize('NFC').toLowerCase();
      if (!seen.has(key)) seen.set(key, word);
    }
  }
  return [...seen.values()];
}

/**
 * Fingerprint of what a dialogue's audio is made from: each line's Hungarian text and the voice
 * that speaks it (the translations are not spoken). timings.json is stale when it differs.
 */
export function dialogueHash(lesson: SeedLesson): string {
  const spoken = lesson.lines.map((line) => {
    const voice = lineVoice(lesson, line);
    return [voice, VOICES[voice], line[1]];
  });
  return createHash('sha256').update(JSON.stringify(spoken)).digest('hex').slice(0, 16);
}

/** Syllables of Hungarian text: one per vowel letter (Hungarian has no diphthongs). */
export function syllables(text: string): number {
  return (text.normalize('NFC').match(/[aáeéiíoóöőuúüű]/giu) ?? []).length;
}

/**
 * The tempo of one rendering: syllables spoken per second of speech, from each line's start to
 * its end (the pauses between lines are left out; those inside a line count), 2 decimals.
 */
export function syllableRate(lesson: SeedLesson, lines: LineTimes): number {
  let count = 0;
  let time = 0;
  lesson.lines.forEach(([, text], i) => {
    const line = lines[i];
    if (!line) throw new Error(`lesson ${lesson.number} line ${i + 1}: no times`);
    count += syllables(text);
    time += line.end - line.start;
  });
  return Math.round((count / time) * 100) / 100;
}
