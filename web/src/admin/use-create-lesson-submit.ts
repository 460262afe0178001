import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  incompleteLanguages,
  parseLessonNumber,
  translationCompleteness,
} from '@magyarul/core/lessons';
import type { Message } from '@magyarul/core/messages';
import { validateNewLesson } from '@magyarul/core/validation';
import { useT, type Translate } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  createLessonAtomically,
  CreateLessonError,
  type NewLessonPayload,
} from './create-lesson.ts';
import type { LessonMetadataValues, LessonStatus } from './lesson-metadata-fields.tsx';
import type { CreateLessonFiles } from './use-create-lesson-files.ts';

export type CreateLessonForm = {
  values: LessonMetadataValues;
  status: LessonStatus;
  files: CreateLessonFiles;
  image: string | null;
};

/** Field errors by field; the CSVs' row problems are listed under their file, not repeated. */
function fieldErrors({ values, files }: CreateLessonForm, t: Translate): Record<string, string> {
  const { audio, transcript, vocabulary } = files;
  const result = validateNewLesson({
    lessonNumber: values.lessonNumber,
    title: values.title,
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
}

function payload({ values, status, files, image }: CreateLessonForm, audioFile: File) {
  const { audio, transcript, vocabulary, matching } = files;
  return {
    lessonNumber: parseLessonNumber(values.lessonNumber) ?? 1,
    title: values.title,
    description: values.description,
    level: values.level as NewLessonPayload['level'],
    status,
    audioDuration: audio.seconds,
    audioFile,
    transcriptData: transcript.items,
    vocabularyData: vocabulary.items,
    vocabularyAudio: vocabulary.items.map((w) =>
      matching ? (matching.matched.find((p) => p.word.id === w.id)?.file ?? null) : null,
    ),
    generatedImage: image,
  } satisfies NewLessonPayload;
}

/**
 * The create dialog's Create: field errors appear at the first Create and then follow the
 * fields (fixed, they go); publishing a lesson that lacks a language asks first; the lesson is
 * created all or nothing, and the admin lists are read again either way.
 */
export function useCreateLessonSubmit(form: CreateLessonForm, onCreated: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState(false);
  const failure = (error: Error) =>
    error instanceof CreateLessonError ? t(error.key, error.params) : t('create.failed');

  const create = useMutation({
    mutationFn: createLessonAtomically,
    onSuccess: async () => {
      notify.success(t('create.success'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      setSubmitted(false);
      onCreated();
    },
    onError: async (error) => {
      notify.error(`${t('create.failed')}: ${failure(error)}`);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    create.reset();
    const { audio, transcript, vocabulary } = form.files;
    if (Object.keys(fieldErrors(form, t)).length > 0) return;
    if (!audio.file || audio.checking || audio.error) return;
    if (form.status === 'published') {
      const missing = incompleteLanguages(
        translationCompleteness(vocabulary.items, transcript.items),
      );
      const languages = missing.map((l) => t(`translations.language.${l}`)).join(', ');
      if (missing.length > 0 && !window.confirm(t('translations.publishWarning', { languages }))) {
        return;
      }
    }
    create.mutate(payload(form, audio.file));
  };

  const reset = () => {
    setSubmitted(false);
    create.reset();
  };

  return {
    errors: submitted ? fieldErrors(form, t) : {},
    submitError: create.error ? failure(create.error) : null,
    submitting: create.isPending,
    submit,
    reset,
  };
}
