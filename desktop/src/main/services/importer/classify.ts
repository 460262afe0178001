import { extname } from 'node:path';

export const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac'] as const;
const DIALOGUE_EXTENSIONS = ['.mp3', '.wav'];
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

export type CsvKind = 'transcript' | 'vocabulary' | 'unknown';

export function isAudio(name: string): boolean {
  return (AUDIO_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());
}

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
 * Picks the dialogue recording among the folder's audio files: one named dialogue/lesson at the
 * top level, else the largest .mp3/.wav at the top level. The rest are vocabulary audio.
 */
export function pickDialogue(entries: readonly FolderEntry[]): FolderEntry | null {
  const candidates = entries.filter(
    (entry) => entry.depth === 0 && DIALOGUE_EXTENSIONS.includes(extname(entry.name).toLowerCase()),
  );
  const named = candidates.find((entry) => DIALOGUE_NAME.test(entry.name.normalize('NFC')));
  if (named) return named;
  return candidates.reduce<FolderEntry | null>(
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
