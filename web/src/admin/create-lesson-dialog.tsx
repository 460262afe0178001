import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CsvIssue } from '@magyarul/core/csv';
import type { Level } from '@magyarul/core/enums';
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
import { useT } from '../lib/i18n/i18n.tsx';
import type { Message } from '@magyarul/core/messages';
import { notify } from '../lib/toast.ts';
import { fetchHighestLessonNumber } from './api.ts';
import { GenerateImage } from './generate-image.tsx';
import {
  createLessonAtomically,
  CreateLessonError,
  type NewLessonPayload,
} from './create-lesson.ts';
import { TranscriptPreview, VocabularyPreview } from './create-preview.tsx';
import { FieldError, FileProgress, LabelledInput } from './shared.tsx';
import { useCreateLessonFiles } from './use-create-lesson-files.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';
import { useDuplicateWarning } from './use-duplicate-warning.ts';
import {
  LessonMetadataFields,
  LessonStatusField,
  type LessonMetadataValues,
  type LessonStatus,
} from './lesson-metadata-fields.tsx';

const FLASHCARDS_PER_WORD = 4;

export function CreateLessonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [lessonNumber, setLessonNumber] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState<Level | ''>('beginner');
  const [status, setStatus] = useState<LessonStatus>('draft');
  const setters: { [K in keyof LessonMetadataValues]: (value: LessonMetadataValues[K]) => void } = {
    lessonNumber: setLessonNumber,
    title: setTitle,
    description: setDescription,
    level: setLevel,
  };
  const files = useCreateLessonFiles();
  const { audio, transcript, vocabulary, matching } = files;
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

  const reset = () => {
    setLessonNumber('');
    setTitle('');
    setDescription('');
    setLevel('beginner');
    setStatus('draft');
    files.reset();
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
      files.wordFiles.length > 0 ||
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
          onEdit={(key, value) => (setters[key] as (v: typeof value) => void)(value)}
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
              onChange={(e) => void files.onAudio(e.target.files?.[0])}
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
              onChange={(e) => void files.onTranscript(e.target.files?.[0])}
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
              files.setTranscript((current) => ({
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
              onChange={(e) => void files.onVocabulary(e.target.files?.[0])}
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
                files.setVocabulary((current) => ({
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
              onChange={(e) => void files.onWordAudio(e.target.files)}
            />
          )}
        </LabelledInput>
        {files.skipMessage && <p className="small muted">{files.skipMessage}</p>}
        {matching && (
          <AudioMatching words={vocabulary.items} matching={matching} onAssign={files.assign} />
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
