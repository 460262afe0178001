import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  onePerProblem,
  parseVocabularyCsv,
  readTranscript,
  type CsvIssue,
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
import { AudioMatching } from './audio-matching.tsx';
import {
  formatClock,
  incompleteLanguages,
  nextLessonNumber,
  parseLessonNumber,
  translationCompleteness,
} from '@magyarul/core/lessons';
import { validateNewLesson } from '@magyarul/core/validation';
import { Dialog } from '../components/dialog.tsx';
import { Button } from '../components/button.tsx';
import { useT, type Translate } from '../lib/i18n/i18n.tsx';
import type { Message } from '@magyarul/core/messages';
import { notify } from '../lib/toast.ts';
import { fetchHighestLessonNumber } from './api.ts';
import { GenerateImage } from './generate-image.tsx';
import {
  createLessonAtomically,
  CreateLessonError,
  type NewLessonPayload,
} from './create-lesson.ts';
import {
  TranscriptPreview,
  VocabularyPreview,
  type CreateLine,
  type CreateWord,
} from './create-preview.tsx';
import { FieldError, FileProgress, LabelledInput } from './shared.tsx';
import { readAudioFile } from './audio-content.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';
import { useDuplicateWarning } from './use-duplicate-warning.ts';
import {
  LessonMetadataFields,
  LessonStatusField,
  type LessonMetadataValues,
  type LessonStatus,
} from './lesson-metadata-fields.tsx';

type Word = CreateWord;
type CsvState<T> = { file: File | null; items: T[]; issues: CsvIssue[]; fileError: string | null };
/** The lesson audio: its name/size problem, then what its content says (read in the browser). */
type AudioState = {
  file: File | null;
  error: string | null;
  seconds: number | null;
  checking: boolean;
};
const NO_AUDIO: AudioState = { file: null, error: null, seconds: null, checking: false };

const FLASHCARDS_PER_WORD = 4;

function emptyCsv<T>(): CsvState<T> {
  return { file: null, items: [], issues: [], fileError: null };
}

function fileError(context: UploadContext, file: File, t: Translate): string | null {
  const check = checkUpload(context, file);
  return check.ok ? null : t(check.key, check.params);
}

export function CreateLessonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [lessonNumber, setLessonNumber] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState('beginner');
  const [status, setStatus] = useState<LessonStatus>('draft');
  const setters: Record<keyof LessonMetadataValues, (value: string) => void> = {
    lessonNumber: setLessonNumber,
    title: setTitle,
    description: setDescription,
    level: setLevel,
  };
  const [audio, setAudio] = useState<AudioState>(NO_AUDIO);
  const [transcript, setTranscript] = useState<CsvState<CreateLine>>(emptyCsv);
  const [vocabulary, setVocabulary] = useState<CsvState<Word>>(emptyCsv);
  const [wordFiles, setWordFiles] = useState<File[]>([]);
  const [skipMessage, setSkipMessage] = useState<string | null>(null);
  const [matching, setMatching] = useState<AudioMatchResult<Word, File> | null>(null);
  const [image, setImage] = useState<string | null>(null);
  // Field errors appear at the first Create and then follow the fields: fixed, they go.
  const [submitted, setSubmitted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // The preset: highest existing number + 1, or 1 when the read fails.
  useEffect(() => {
    if (!open) {
      setLessonNumber('');
      return;
    }
    let active = true;
    void fetchHighestLessonNumber()
      .then((highest) => nextLessonNumber(highest))
      .catch(() => 1)
      .then((n) => {
        // Only a field the admin has not typed into yet takes the preset.
        if (active) setLessonNumber((current) => (current === '' ? String(n) : current));
      });
    return () => {
      active = false;
    };
  }, [open]);

  // Matching depends on the words' Hungarian only: typing a German meaning must not undo the
  // admin's manual matches.
  const wordsKey = vocabulary.items.map((w) => `${w.id}\u0000${w.word_hu}`).join('\n');
  const matchWords = useRef(vocabulary.items);
  matchWords.current = vocabulary.items;
  useEffect(() => {
    if (matchWords.current.length === 0 || wordFiles.length === 0) {
      setMatching(null);
      return;
    }
    setMatching(matchAudioFiles(matchWords.current, wordFiles));
  }, [wordsKey, wordFiles]);

  const allFiles = useMemo(() => wordFiles, [wordFiles]);

  const reset = () => {
    setLessonNumber('');
    setTitle('');
    setDescription('');
    setLevel('beginner');
    setStatus('draft');
    setAudio(NO_AUDIO);
    setTranscript(emptyCsv());
    setVocabulary(emptyCsv());
    setWordFiles([]);
    setSkipMessage(null);
    setImage(null);
    setSubmitted(false);
    setSubmitError(null);
  };

  const dirty =
    open &&
    (title.trim() !== '' ||
      description.trim() !== '' ||
      audio.file !== null ||
      transcript.file !== null ||
      vocabulary.file !== null ||
      wordFiles.length > 0 ||
      image !== null);
  useUnsavedChanges(dirty);
  const duplicate = useDuplicateWarning(open ? lessonNumber : '', null);
  const unsavedMessage = t('reviewPage.unsavedChanges');
  /** Cancel, × and Escape ask before the chosen fields and files are thrown away. */
  const mayClose = () => !dirty || window.confirm(unsavedMessage);
  const close = () => {
    reset();
    onClose();
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

  const onTranscript = async (file: File | undefined) => {
    if (!file) return setTranscript(emptyCsv());
    const error = fileError('create-transcript-csv', file, t);
    if (error) return setTranscript({ file, items: [], issues: [], fileError: error });
    // Any of the transcript formats, any supported encoding; never a partial transcript.
    const result = readTranscript(new Uint8Array(await file.arrayBuffer()));
    setTranscript({
      file,
      items: result.items.map((r) => ({
        speaker: r.speaker,
        line: r.text_content,
        translation_en: r.translation_en ?? '',
        translation_de: r.translation_de ?? '',
        translation_es: r.translation_es ?? '',
      })),
      issues: onePerProblem(result.issues),
      fileError: null,
    });
  };

  const onVocabulary = async (file: File | undefined) => {
    if (!file) return setVocabulary(emptyCsv());
    const error = fileError('create-vocabulary-csv', file, t);
    if (error) return setVocabulary({ file, items: [], issues: [], fileError: error });
    const result = parseVocabularyCsv(new Uint8Array(await file.arrayBuffer()));
    setVocabulary({
      file,
      items: result.items.map((r) => ({
        id: `row-${r.row}`,
        word_hu: r.word_hu.normalize('NFC'),
        word_en: r.word_en,
        word_de: r.word_de ?? '',
        word_es: r.word_es ?? '',
        difficulty: r.difficulty,
      })),
      issues: onePerProblem(result.issues),
      fileError: null,
    });
  };

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
    const file = allFiles.find((f) => f.name === fileName);
    if (file) setMatching(assignFile(matching, word, file));
  };

  const validateFields = (): Record<string, string> => {
    const result = validateNewLesson({
      lessonNumber,
      title,
      audioFile: audio.file,
      transcriptFile: transcript.file,
      vocabularyFile: vocabulary.file,
    });
    const next: Record<string, string> = {};
    if (!result.ok) {
      const { errors: found } = result;
      const say = (m: Message) => t(m.key, m.params);
      if (found.lessonNumber) next.lessonNumber = say(found.lessonNumber);
      if (found.title) next.title = say(found.title);
      if (found.audioFile) next.audio = say(found.audioFile);
      if (found.transcriptFile) next.transcript = say(found.transcriptFile);
      if (found.vocabularyFile) next.vocabulary = say(found.vocabularyFile);
    }
    if (!next.audio && audio.error) next.audio = audio.error;
    // Row problems of the CSVs block the create too; they are listed under their file once.
    if (transcript.issues.length > 0) next.transcriptRows = 'listed';
    if (vocabulary.issues.length > 0) next.vocabularyRows = 'listed';
    return next;
  };
  const errors = submitted ? validateFields() : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSubmitError(null);
    if (Object.keys(validateFields()).length > 0) return;
    if (!audio.file || audio.checking || audio.error) return;
    if (status === 'published') {
      const missing = incompleteLanguages(
        translationCompleteness(vocabulary.items, transcript.items),
      );
      const languages = missing.map((l) => t(`translations.language.${l}`)).join(', ');
      if (missing.length > 0 && !window.confirm(t('translations.publishWarning', { languages }))) {
        return;
      }
    }
    setSubmitting(true);
    try {
      const audioDuration = audio.seconds;
      await createLessonAtomically({
        lessonNumber: parseLessonNumber(lessonNumber) ?? 1,
        title,
        description,
        level: level as NewLessonPayload['level'],
        status,
        audioDuration,
        audioFile: audio.file,
        transcriptData: transcript.items,
        vocabularyData: vocabulary.items,
        vocabularyAudio: vocabulary.items.map((w) =>
          matching ? (matching.matched.find((p) => p.word.id === w.id)?.file ?? null) : null,
        ),
        generatedImage: image,
      });
      notify.success(t('create.success'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      close();
    } catch (error) {
      const message =
        error instanceof CreateLessonError ? t(error.key, error.params) : t('create.failed');
      setSubmitError(message);
      notify.error(`${t('create.failed')}: ${message}`);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } finally {
      setSubmitting(false);
    }
  };

  const csvIssues = (issues: CsvIssue[]) =>
    issues.length > 0 && (
      <ul className="admin-issues" aria-label={t('adminUi.csvProblems')}>
        {issues.map((issue, i) => (
          <li key={`${issue.code}-${issue.row ?? 'file'}-${i}`}>{t(issue.key, issue.params)}</li>
        ))}
      </ul>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      mayClose={mayClose}
      title={t('create.title')}
      closeLabel={t('app.close')}
    >
      <form
        className="form admin-form admin-create-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        <LessonMetadataFields
          values={{ lessonNumber, title, description, level }}
          onEdit={(key, value) => setters[key](value)}
          clearNonNumeric
          errors={errors}
          duplicate={duplicate}
        >
          <LessonStatusField value={status} onChange={setStatus} />
        </LessonMetadataFields>

        <LabelledInput label={t('adminUi.audioFile')}>
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".mp3,.wav"
              onChange={(e) => void onAudio(e.target.files?.[0])}
            />
          )}
        </LabelledInput>
        <FileProgress file={audio.file} />
        <FieldError message={errors.audio ?? audio.error} />
        {audio.seconds !== null && (
          <p className="small muted">
            {t('transcript.audioLength', { duration: formatClock(Math.round(audio.seconds)) })}
          </p>
        )}

        <LabelledInput label={t('adminUi.transcriptFile')}>
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".csv"
              onChange={(e) => void onTranscript(e.target.files?.[0])}
            />
          )}
        </LabelledInput>
        <FileProgress file={transcript.file} />
        <FieldError message={errors.transcript ?? transcript.fileError} />
        <p className="small muted">{t('create.transcriptColumnsHint')}</p>
        {csvIssues(transcript.issues)}
        {transcript.items.length > 0 && (
          <TranscriptPreview
            lines={transcript.items}
            onChange={(index, line) =>
              setTranscript((current) => ({
                ...current,
                items: current.items.map((l, i) => (i === index ? line : l)),
              }))
            }
          />
        )}

        <LabelledInput label={t('adminUi.vocabularyFile')}>
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".csv"
              onChange={(e) => void onVocabulary(e.target.files?.[0])}
            />
          )}
        </LabelledInput>
        <FileProgress file={vocabulary.file} />
        <FieldError message={errors.vocabulary ?? vocabulary.fileError} />
        <p className="small muted">{t('create.vocabularyColumnsHint')}</p>
        {csvIssues(vocabulary.issues)}
        {vocabulary.items.length > 0 && (
          <>
            {vocabulary.issues.length === 0 && (
              <p className="small muted">
                {t('create.flashcardsPerWord', {
                  n: vocabulary.items.length * FLASHCARDS_PER_WORD,
                  perWord: FLASHCARDS_PER_WORD,
                })}
              </p>
            )}
            <VocabularyPreview
              words={vocabulary.items}
              audioOf={(word) =>
                matching?.matched.find((p) => p.word.id === word.id)?.file.name ?? null
              }
              onChange={(word) =>
                setVocabulary((current) => ({
                  ...current,
                  items: current.items.map((w) => (w.id === word.id ? word : w)),
                }))
              }
            />
          </>
        )}

        <LabelledInput label={t('adminUi.vocabularyAudio')}>
          {(id) => (
            <input
              id={id}
              type="file"
              multiple
              onChange={(e) => void onWordAudio(e.target.files)}
            />
          )}
        </LabelledInput>
        {skipMessage && <p className="small muted">{skipMessage}</p>}
        {matching && (
          <AudioMatching words={vocabulary.items} matching={matching} onAssign={assign} />
        )}

        <GenerateImage
          title={title}
          description={description}
          level={level}
          transcriptPreview={transcript.items
            .slice(0, 3)
            .map((l) => `${l.speaker}: ${l.line}`)
            .join('\n')
            .slice(0, 200)}
          image={image}
          onImage={setImage}
        />

        <FieldError message={submitError} />
        <div className="form-actions">
          <Button variant="ghost" onClick={() => mayClose() && close()}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" disabled={submitting || audio.checking}>
            {submitting ? t('adminUi.creating') : t('adminUi.createSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
