import { extname } from 'node:path';
import type { Container } from '../audio/container.ts';
import { sniffContainer } from '../audio/container.ts';

/** Names that say "audio" even when the bytes do not (a broken file is reported, not ignored). */
const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.oga', '.opus', '.flac'];
/** Audio formats the studio does not take, by name or by their bytes' signature. */
const UNSUPPORTED_EXTENSIONS = ['.wma', '.aiff', '.aif', '.webm', '.amr', '.caf'];
const UNSUPPORTED_SIGNATURES: readonly (readonly number[])[] = [
  [0x30, 0x26, 0xb2, 0x75], // ASF (WMA)
  [0x1a, 0x45, 0xdf, 0xa3], // EBML (WebM, Matroska)
  [0x23, 0x21, 0x41, 0x4d, 0x52], // #!AMR
  [0x63, 0x61, 0x66, 0x66], // caff (Apple Core Audio)
];
const DIALOGUE_NAME = /^(dialogue|dialog|lesson|párbeszéd)\b/iu;
const TRANSCRIPT_NAME = /transcript|átirat|szöveg/iu;
const VOCABULARY_NAME = /vocab|words|szavak|szókincs/iu;

export type FolderEntry = {
  /** Path relative to the lesson folder with '/' separators, as on disk (maybe NFD). */
  readonly name: string;
  readonly size: number;
  /** Nesting depth: 0 for files directly in the lesson folder. */
  readonly depth: number;
};

/**
 * What a file is by its first bytes (its name only for a file whose bytes say nothing): audio
 * of a container the studio reads (an M4A named .mp3, a phone's .opus, a WAV named .dat), a
 * broken file named as audio (still 'audio', so its problem is reported), an audio format the
 * studio does not take ('unsupported'), or not audio at all (null).
 */
export function audioRole(
  name: string,
  head: Uint8Array,
): { role: 'audio'; container: Container } | { role: 'unsupported' } | null {
  const container = sniffContainer(head);
  if (container !== 'unknown') return { role: 'audio', container };
  const extension = extname(name).toLowerCase();
  const isForm = String.fromCharCode(...head.subarray(0, 4)) === 'FORM';
  if (
    UNSUPPORTED_EXTENSIONS.includes(extension) ||
    isForm ||
    UNSUPPORTED_SIGNATURES.some((signature) => signature.every((byte, i) => head[i] === byte))
  ) {
    return { role: 'unsupported' };
  }
  return AUDIO_EXTENSIONS.includes(extension) ? { role: 'audio', container } : null;
}

export type CsvKind = 'transcript' | 'vocabulary' | 'unknown';

export function isCsv(name: string): boolean {
  return extname(name).toLowerCase() === '.csv';
}

/** A .txt file named like a transcript (the review editor's `SPEAKER: text` lines). */
export function isTranscriptText(name: string): boolean {
  return extname(name).toLowerCase() === '.txt' && TRANSCRIPT_NAME.test(name.normalize('NFC'));
}

/** Decides a CSV's role from its header row first, its file name second. */
export function csvKind(name: string, headerLine: string): CsvKind {
  const header = headerLine
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .split(/[,;\t]/)
    .map((cell) => cell.replace(/["'\s\0]/g, ''));
  if (header.includes('word_hu')) return 'vocabulary';
  if (header.includes('speaker')) return 'transcript';
  const base = name.normalize('NFC');
  if (VOCABULARY_NAME.test(base)) return 'vocabulary';
  if (TRANSCRIPT_NAME.test(base)) return 'transcript';
  return 'unknown';
}

/**
 * Picks the dialogue recording among the folder's audio files (any format: a phone's M4A as
 * well as a studio's WAV): one named dialogue/lesson at the top level, else the largest at the
 * top level. The rest are vocabulary audio.
 */
export function pickDialogue<T extends FolderEntry>(entries: readonly T[]): T | null {
  const candidates = entries.filter((entry) => entry.depth === 0);
  const named = candidates.find((entry) => DIALOGUE_NAME.test(entry.name.normalize('NFC')));
  if (named) return named;
  return candidates.reduce<T | null>(
    (largest, entry) => (largest === null || entry.size > largest.size ? entry : largest),
    null,
  );
}

/** "07 - At the market" → number 7, title "At the market". */
export function lessonNameParts(folderName: string): {
  lessonNumber: number | null;
  title: string;
} {
  const name = folderName.normalize('NFC').trim();
  const match = /^(\d{1,6})\s*[-_.\s]\s*(.+)$/u.exec(name);
  if (!match) return { lessonNumber: null, title: name.replace(/_/g, ' ') };
  return {
    lessonNumber: Number(match[1]),
    title: (match[2] ?? '').replace(/_/g, ' ').trim() || name,
  };
}
