import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeTextStrict, type CsvIssue } from '@magyarul/core/csv';
import { matchAudioFiles } from '@magyarul/core/audio-match';
import { renderMessage, studioMessage } from '../../../shared/messages.ts';
import type { StudioMessageCode } from '../../../shared/messages.ts';
import type { ImportIssue } from '../../../shared/model.ts';
import { probeAudio } from '../audio/probe.ts';
import { readHead } from '../audio/read-head.ts';
import type { NewLine } from '../drafts/lines-repo.ts';
import type { AudioFileRow } from '../drafts/media-repo.ts';
import type { NewWord } from '../drafts/words-repo.ts';
import type { FolderEntry } from './classify.ts';
import {
  audioRole,
  csvKind,
  isCsv,
  isTranscriptText,
  lessonNameParts,
  pickDialogue,
} from './classify.ts';
import type { Limiter } from './limiter.ts';
import { readTranscriptFile, readVocabularyFile, type VocabularyEntry } from './lesson-files.ts';

const MB = 1024 * 1024;
const MAX_DIALOGUE_BYTES = 50 * MB;
const MAX_WORD_AUDIO_BYTES = 5 * MB;
const MAX_CSV_BYTES = 5 * MB;

export type LessonImport = {
  readonly folder: string;
  readonly lessonNumber: number | null;
  readonly title: string;
  readonly dialogueFile: string | null;
  readonly durationSeconds: number | null;
  /** Present when newly computed; null when the stored peaks still fit or there is no audio. */
  readonly peaks: { readonly sourceHash: string; readonly data: Float32Array } | null;
  readonly lines: readonly NewLine[] | null;
  readonly words: readonly NewWord[] | null;
  /** sha256 of the transcript and vocabulary files read (null when none was read). */
  readonly transcriptHash: string | null;
  readonly vocabularyHash: string | null;
  readonly audioFiles: readonly AudioFileRow[];
  readonly issues: readonly ImportIssue[];
};

export type FolderOptions = {
  readonly limit: Limiter;
  /** Hash of the dialogue whose peaks are already stored for this folder, if any. */
  readonly storedPeaksHash?: (folder: string) => string | undefined;
};

async function listEntries(folder: string, issues: ImportIssue[]): Promise<FolderEntry[]> {
  const entries: FolderEntry[] = [];
  const walk = async (relative: string, depth: number): Promise<void> => {
    const dirents = await readdir(join(folder, relative), { withFileTypes: true });
    for (const dirent of dirents) {
      if (dirent.name.startsWith('.')) continue;
      const name = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory() && depth === 0) await walk(name, depth + 1);
      if (!dirent.isFile()) continue;
      try {
        entries.push({ name, size: (await stat(join(folder, name))).size, depth });
      } catch (error) {
        issues.push(fileIssue(name, 'file-unreadable', { reason: (error as Error).message }));
      }
    }
  };
  await walk('', 0);
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

function fileIssue(
  file: string,
  code: StudioMessageCode,
  params: Record<string, string | number> = {},
  row: number | null = null,
): ImportIssue {
  const display = file.normalize('NFC');
  return { file: display, row, code, message: studioMessage(code, { file: display, ...params }) };
}

/** Core's findings in a lesson file, each by its catalogue key, rendered by the studio. */
function csvIssues(file: string, issues: readonly CsvIssue[]): ImportIssue[] {
  return issues.map((issue) => ({
    file: file.normalize('NFC'),
    row: issue.row,
    code: issue.code,
    message: renderMessage(issue),
  }));
}

async function readCsv(
  folder: string,
  entry: FolderEntry,
  issues: ImportIssue[],
): Promise<Uint8Array | null> {
  if (entry.size > MAX_CSV_BYTES) {
    issues.push(fileIssue(entry.name, 'audio-too-large', { n: 5 }));
    return null;
  }
  try {
    return await readFile(join(folder, entry.name));
  } catch (error) {
    issues.push(fileIssue(entry.name, 'file-unreadable', { reason: (error as Error).message }));
    return null;
  }
}

/**
 * Reads one lesson folder: transcript and vocabulary CSVs through core's validation, the
 * dialogue and every vocabulary audio file probed (broken, truncated and lying files are
 * reported), words matched to files by core's four-level matching. Never throws for bad
 * content: every problem becomes an issue naming its file (and row).
 */
export async function importLessonFolder(
  folder: string,
  options: FolderOptions,
): Promise<LessonImport> {
  const issues: ImportIssue[] = [];
  const { lessonNumber, title } = lessonNameParts(basename(folder));
  const entries = await listEntries(folder, issues);

  for (const entry of entries) {
    if (entry.name !== entry.name.normalize('NFC'))
      issues.push(fileIssue(entry.name, 'name-not-nfc'));
  }

  let lines: NewLine[] | null = null;
  let vocabulary: VocabularyEntry[] | null = null;
  // A refused file still counts as found: "no transcript CSV" would be wrong about it.
  let transcriptFound = false;
  let vocabularyFound = false;
  let transcriptHash: string | null = null;
  let vocabularyHash: string | null = null;
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const textFiles = entries.filter(
    (e) => e.depth === 0 && (isCsv(e.name) || isTranscriptText(e.name)),
  );
  for (const entry of textFiles) {
    const bytes = await readCsv(folder, entry, issues);
    if (!bytes) continue;
    const decoded = decodeTextStrict(bytes);
    const headerLine = decoded.ok ? (decoded.text.split(/\r?\n/, 1)[0] ?? '') : '';
    const kind = isTranscriptText(entry.name) ? 'transcript' : csvKind(entry.name, headerLine);
    if (kind === 'transcript' && !transcriptFound) {
      transcriptFound = true;
      const read = readTranscriptFile(bytes);
      if (read.rows) {
        lines = [...read.rows];
        transcriptHash = sha256(bytes);
      } else issues.push(fileIssue(entry.name, 'transcript-refused'));
      issues.push(...csvIssues(entry.name, read.issues));
    } else if (kind === 'vocabulary' && !vocabularyFound) {
      vocabularyFound = true;
      const read = readVocabularyFile(bytes);
      if (read.rows) {
        vocabulary = [...read.rows];
        vocabularyHash = sha256(bytes);
      } else issues.push(fileIssue(entry.name, 'vocabulary-refused'));
      issues.push(...csvIssues(entry.name, read.issues));
    } else {
      issues.push(fileIssue(entry.name, 'unknown-csv'));
    }
  }
  if (!transcriptFound) issues.push(fileIssue('', 'no-transcript-csv'));
  if (!vocabularyFound) issues.push(fileIssue('', 'no-vocabulary-csv'));

  // Audio by content, not by name: each file's first bytes say what it is.
  const audio: FolderEntry[] = [];
  for (const entry of entries) {
    if (isCsv(entry.name) || isTranscriptText(entry.name)) continue;
    const role = audioRole(entry.name, await readHead(join(folder, entry.name)));
    if (role?.role === 'unsupported') issues.push(fileIssue(entry.name, 'audio-unsupported'));
    if (role?.role === 'audio') audio.push(entry);
  }
  const dialogueEntry = pickDialogue(audio);
  if (!dialogueEntry) issues.push(fileIssue('', 'no-dialogue-audio'));
  const wordAudio = audio.filter((entry) => entry !== dialogueEntry);

  const audioFiles: AudioFileRow[] = [];
  let durationSeconds: number | null = null;
  let peaks: LessonImport['peaks'] = null;
  const storedHash = options.storedPeaksHash?.(folder);
  const probes = [
    ...(dialogueEntry ? [{ entry: dialogueEntry, role: 'dialogue' as const }] : []),
    ...wordAudio.map((entry) => ({ entry, role: 'vocabulary' as const })),
  ];
  const validAudio = new Set<string>();
  await Promise.all(
    probes.map(({ entry, role }) =>
      options.limit(async () => {
        const maxBytes = role === 'dialogue' ? MAX_DIALOGUE_BYTES : MAX_WORD_AUDIO_BYTES;
        if (entry.size > maxBytes) {
          issues.push(fileIssue(entry.name, 'audio-too-large', { n: maxBytes / MB }));
          return;
        }
        const probe = await probeAudio(
          join(folder, entry.name),
          entry.name.normalize('NFC'),
          role === 'dialogue' ? (hash) => hash !== storedHash : null,
        );
        issues.push(...probe.issues);
        audioFiles.push({
          file_name: entry.name,
          role,
          size: entry.size,
          content_hash: probe.contentHash,
          duration_seconds: probe.durationSeconds,
        });
        if (probe.durationSeconds !== null) validAudio.add(entry.name);
        if (role === 'dialogue') {
          durationSeconds = probe.durationSeconds;
          if (probe.peaks) peaks = { sourceHash: probe.contentHash, data: probe.peaks };
        }
      }),
    ),
  );

  let words: NewWord[] | null = null;
  if (vocabulary !== null) {
    const candidates = wordAudio.filter((entry) => validAudio.has(entry.name));
    const indexed = vocabulary.map((word, index) => ({
      id: String(index),
      word_hu: word.wordHu,
      word,
    }));
    const result = matchAudioFiles(indexed, candidates);
    const byWord = new Map(result.matched.map((pair) => [pair.word.id, pair]));
    words = indexed.map(({ id, word }) => {
      const pair = byWord.get(id);
      return { ...word, audioFile: pair?.file.name ?? null, matchLevel: pair?.level ?? null };
    });
    for (const ambiguity of result.ambiguities) {
      issues.push(fileIssue('', 'ambiguous-audio', { key: ambiguity.key }));
    }
    for (const word of result.unmatchedWords) {
      issues.push(fileIssue('', 'word-without-audio', { word: word.word_hu }));
    }
    for (const file of result.unmatchedFiles)
      issues.push(fileIssue(file.name, 'audio-without-word'));
  }

  return {
    folder,
    lessonNumber,
    title,
    dialogueFile: dialogueEntry?.name ?? null,
    durationSeconds,
    peaks,
    lines,
    words,
    transcriptHash,
    vocabularyHash,
    audioFiles: audioFiles.sort((a, b) => a.file_name.localeCompare(b.file_name)),
    issues,
  };
}
