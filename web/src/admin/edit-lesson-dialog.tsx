import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completenessFromCounts, incompleteLanguages } from '@magyarul/core/lessons';
import { validateLessonEdit } from '@magyarul/core/validation';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { fetchTranslationStatus, updateLesson, type AdminLesson } from './api.ts';
import { TRANSLATION_STATUS_KEY } from './qa-translations.tsx';
import {
  LessonMetadataFields,
  LessonStatusField,
  type LessonMetadataValues,
  type LessonStatus,
} from './lesson-metadata-fields.tsx';
import { lessonPatch } from './review-save.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';
import { useDuplicateWarning } from './use-duplicate-warning.ts';

export function EditLessonDialog({
  lesson,
  onClose,
}: {
  lesson: AdminLesson;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();

  // Publishing a lesson that lacks a language is never silent: the admin confirms it. The status
  // is read afresh through the cache the QA tab shows.
  const confirmTranslations = async (id: string): Promise<boolean> => {
    const rows = await queryClient.fetchQuery({
      queryKey: TRANSLATION_STATUS_KEY,
      queryFn: fetchTranslationStatus,
    });
    const counts = rows.find((r) => r.lesson_id === id);
    const missing = counts ? incompleteLanguages(completenessFromCounts(counts)) : [];
    if (missing.length === 0) return true;
    const languages = missing.map((l) => t(`translations.language.${l}`)).join(', ');
    return window.confirm(t('translations.publishWarning', { languages }));
  };
  const initial: LessonMetadataValues = {
    lessonNumber: lesson.lesson_number === null ? '' : String(lesson.lesson_number),
    title: lesson.title,
    description: lesson.description ?? '',
    level: lesson.level,
  };
  const initialStatus: LessonStatus = lesson.is_published ? 'published' : 'draft';
  const [values, setValues] = useState(initial);
  const [status, setStatus] = useState(initialStatus);
  const dirty =
    (Object.keys(initial) as (keyof LessonMetadataValues)[]).some(
      (key) => values[key] !== initial[key],
    ) || status !== initialStatus;
  useUnsavedChanges(dirty);
  // The spec's duplicate check, as in the create dialog: this lesson excluded.
  const duplicate = useDuplicateWarning(values.lessonNumber, lesson.id);
  const mayClose = () => !dirty || window.confirm(t('reviewPage.unsavedChanges'));

  const save = useMutation({
    mutationFn: async (patch: Parameters<typeof updateLesson>[1]) => {
      if (patch.is_published === true && !(await confirmTranslations(lesson.id))) return false;
      if (Object.keys(patch).length > 0) await updateLesson(lesson.id, patch);
      return true;
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      notify.success(t('edit.success'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    },
    onError: () => notify.error(t('edit.failed')),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { lessonNumber, title, description, level } = values;
    const checked = validateLessonEdit({ title, lessonNumber });
    if (!checked.ok) {
      window.alert(t(checked.key, checked.params));
      return;
    }
    // Only what the admin changed is written (the studio may have changed the rest meanwhile).
    const patch = lessonPatch(
      { lessonNumber, title, description, level, topic: lesson.topic ?? '' },
      lesson,
    );
    if (patch.lesson_number !== undefined) patch.lesson_number = checked.value.lessonNumber;
    const published = status === 'published';
    if (published !== lesson.is_published) patch.is_published = published;
    save.mutate(patch);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      mayClose={mayClose}
      title={t('adminUi.editTitle')}
      closeLabel={t('app.close')}
    >
      <form className="form admin-form" onSubmit={onSubmit} noValidate>
        <LessonMetadataFields
          values={values}
          onEdit={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
          duplicate={duplicate}
        >
          <LessonStatusField value={status} onChange={setStatus} />
        </LessonMetadataFields>
        <div className="form-actions">
          <Button variant="ghost" onClick={() => mayClose() && onClose()}>
            {t('app.cancel')}
          </Button>
          <Button type="submit">{t('adminUi.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
