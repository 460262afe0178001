import { useState } from 'react';
import {
  onePerProblem,
  parseVocabularyCsv,
  readTranscript,
  type CsvIssue,
  type CsvResult,
  type ImportedTranscriptLine,
  type VocabularyCsvRow,
} from '@magyarul/core/csv';
import {
  checkUpload,
  filesSkippedMessage,
  selectVocabularyAudio,
  type UploadContext,
} from '@magyarul/core/files';
import {
  assignFile,
  matchAudioFiles,
  unassignFile,
  type AudioMatchResult,
} from '@magyarul/core/audio-match';
import { useT, type Translate } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { readAudioFile } from './audio-content.ts';
import type { CreateLine, CreateWord } from './create-preview.tsx';

export type Word = CreateWord;
export type CsvState<T> = {
  file: File | null;
  items: T[];
  issues: CsvIssue[];
  fileError: string | null;
};
/** The lesson audio: its name/size problem, then what its content says (read in the browser). */
type AudioState = {
  file: File | null;
  error: string | null;
  seconds: number | null;
  checking: boolean;
};
const NO_AUDIO: AudioState = { file: null, error: null, seconds: null, checking: false };

function emptyCsv<T>(): CsvState<T> {
  return { file: null, items: [], issues: [], fileError: null };
}

function fileError(context: UploadContext, file: File, t: Translate): string | null {
  const check = checkUpload(context, file);
  return check.ok ? null : t(check.key, check.params);
}

/** A chosen CSV: its name/size problem, or its rows (as `toItem` makes them) and row problems. */
async function readCsv<R, T>(
  file: File | undefined,
  context: UploadContext,
  t: Translate,
  parse: (bytes: Uint8Array) => CsvResult<R>,
  toItem: (row: R) => T,
): Promise<CsvState<T>> {
  if (!file) return emptyCsv();
  const error = fileError(context, file, t);
  if (error) return { file, items: [], issues: [], fileError: error };
  const result = parse(new Uint8Array(await file.arrayBuffer()));
  return {
    file,
    items: result.items.map(toItem),
    issues: onePerProblem(result.issues),
    fileError: null,
  };
}

const toLine = (r: ImportedTranscriptLine): CreateLine => ({
  speaker: r.speaker,
  line: r.text_content,
  translation_en: r.translation_en ?? '',
  translation_de: r.translation_de ?? '',
  translation_es: r.translation_es ?? '',
});

const toWord = (r: VocabularyCsvRow): Word => ({
  id: `row-${r.row}`,
  word_hu: r.word_hu.normalize('NFC'),
  word_en: r.word_en,
  word_de: r.word_de ?? '',
  word_es: r.word_es ?? '',
  difficulty: r.difficulty,
});

/** The files the create dialog takes: lesson audio, both CSVs, the words' audio and its matching. */
export function useCreateLessonFiles() {
  const t = useT();
  const [audio, setAudio] = useState<AudioState>(NO_AUDIO);
  const [transcript, setTranscript] = useState<CsvState<CreateLine>>(emptyCsv);
  const [vocabulary, setVocabulary] = useState<CsvState<Word>>(emptyCsv);
  const [wordFiles, setWordFiles] = useState<File[]>([]);
  const [skipMessage, setSkipMessage] = useState<string | null>(null);
  const [matching, setMatching] = useState<AudioMatchResult<Word, File> | null>(null);
  // Matching depends on the words' Hungarian only: typing a German meaning must not undo the
  // admin's manual matches. Redone while rendering when the words or files change.
  const wordsKey = vocabulary.items.map((w) => `${w.id}\u0000${w.word_hu}`).join('\n');
  const [matchedFor, setMatchedFor] = useState<{ wordsKey: string; files: File[] } | null>(null);
  if (matchedFor === null || matchedFor.wordsKey !== wordsKey || matchedFor.files !== wordFiles) {
    setMatchedFor({ wordsKey, files: wordFiles });
    setMatching(
      vocabulary.items.length === 0 || wordFiles.length === 0
        ? null
        : matchAudioFiles(vocabulary.items, wordFiles),
    );
  }

  const reset = () => {
    setAudio(NO_AUDIO);
    setTranscript(emptyCsv());
    setVocabulary(emptyCsv());
    setWordFiles([]);
    setSkipMessage(null);
  };

  const onAudio = async (file: File | undefined) => {
    if (!file) return setAudio(NO_AUDIO);
    const named = fileError('create-audio', file, t);
    if (named) return setAudio({ file, error: named, seconds: null, checking: false });
    setAudio({ file, error: null, seconds: null, checking: true });
    const content = await readAudioFile('create-audio', file);
    // Only the file still chosen takes the answer.
    setAudio((current) =>
      current.file !== file
        ? current
        : content.ok
          ? { file, error: null, seconds: content.seconds, checking: false }
          : { file, error: t(content.key, content.params), seconds: null, checking: false },
    );
  };

  const onTranscript = async (file: File | undefined) =>
    // Any of the transcript formats, any supported encoding; never a partial transcript.
    setTranscript(await readCsv(file, 'create-transcript-csv', t, readTranscript, toLine));

  const onVocabulary = async (file: File | undefined) =>
    setVocabulary(await readCsv(file, 'create-vocabulary-csv', t, parseVocabularyCsv, toWord));

  const onWordAudio = async (list: FileList | null) => {
    const selection = selectVocabularyAudio(Array.from(list ?? []));
    // Named .mp3/.wav is not enough: each file is read, and one that is no such audio is
    // skipped like a wrongly named one.
    const checks = await Promise.all(
      selection.accepted.map((file) => readAudioFile('create-vocabulary-audio', file)),
    );
    const accepted = selection.accepted.filter((_, i) => checks[i]?.ok);
    const skipped = selection.skipped.length + selection.accepted.length - accepted.length;
    const note = skipped > 0 ? filesSkippedMessage(skipped) : null;
    const message = note && t(note.key, note.params);
    setWordFiles(accepted);
    setSkipMessage(message);
    if (message) notify.info(message);
  };

  const assign = (word: Word, fileName: string) => {
    if (!matching) return;
    if (fileName === '') return setMatching(unassignFile(matching, word.id));
    const file = wordFiles.find((f) => f.name === fileName);
    if (file) setMatching(assignFile(matching, word, file));
  };

  return {
    audio,
    transcript,
    setTranscript,
    vocabulary,
    setVocabulary,
    wordFiles,
    skipMessage,
    matching,
    reset,
    onAudio,
    onTranscript,
    onVocabulary,
    onWordAudio,
    assign,
  };
}

export type CreateLessonFiles = ReturnType<typeof useCreateLessonFiles>;
