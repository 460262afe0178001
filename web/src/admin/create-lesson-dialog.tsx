import { useState } from 'react';
import { Dialog } from '../components/dialog.tsx';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { GenerateImage } from './generate-image.tsx';
import { CreateLessonFileFields } from './create-lesson-file-fields.tsx';
import { FieldError } from './shared.tsx';
import { useCreateLessonFiles } from './use-create-lesson-files.ts';
import { useCreateLessonSubmit } from './use-create-lesson-submit.ts';
import { useNextLessonNumber } from './use-next-lesson-number.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';
import { useDuplicateWarning } from './use-duplicate-warning.ts';
import {
  LessonMetadataFields,
  LessonStatusField,
  type LessonMetadataValues,
  type LessonStatus,
} from './lesson-metadata-fields.tsx';

const EMPTY: LessonMetadataValues = {
  lessonNumber: '',
  title: '',
  description: '',
  level: 'beginner',
};

export function CreateLessonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [values, setValues] = useState(EMPTY);
  const [status, setStatus] = useState<LessonStatus>('draft');
  const files = useCreateLessonFiles();
  const { audio, transcript, vocabulary } = files;
  const [image, setImage] = useState<string | null>(null);

  // The preset: highest existing number + 1 (1 when the read fails); only a field the admin
  // has not typed into yet takes it. Applied while rendering when the dialog opens, closes or
  // the preset arrives (React's "adjusting state when a prop changes"), not in an effect.
  const preset = useNextLessonNumber(open);
  const [presetFor, setPresetFor] = useState<{ open: boolean; preset: number | null } | null>(null);
  if (presetFor === null || presetFor.open !== open || presetFor.preset !== preset) {
    setPresetFor({ open, preset });
    if (!open) setValues((v) => ({ ...v, lessonNumber: '' }));
    else if (preset !== null) {
      setValues((v) => (v.lessonNumber === '' ? { ...v, lessonNumber: String(preset) } : v));
    }
  }

  const clear = () => {
    setValues(EMPTY);
    setStatus('draft');
    files.reset();
    setImage(null);
  };
  const create = useCreateLessonSubmit({ values, status, files, image }, () => {
    clear();
    onClose();
  });
  const close = () => {
    clear();
    create.reset();
    onClose();
  };

  const dirty =
    open &&
    (values.title.trim() !== '' ||
      values.description.trim() !== '' ||
      audio.file !== null ||
      transcript.file !== null ||
      vocabulary.file !== null ||
      files.wordFiles.length > 0 ||
      image !== null);
  useUnsavedChanges(dirty);
  const duplicate = useDuplicateWarning(open ? values.lessonNumber : '', null);
  const unsavedMessage = t('reviewPage.unsavedChanges');
  /** Cancel, × and Escape ask before the chosen fields and files are thrown away. */
  const mayClose = () => !dirty || window.confirm(unsavedMessage);

  return (
    <Dialog
      open={open}
      onClose={close}
      mayClose={mayClose}
      title={t('create.title')}
      closeLabel={t('app.close')}
    >
      <form className="form admin-form admin-create-form" onSubmit={create.submit} noValidate>
        <LessonMetadataFields
          values={values}
          onEdit={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
          errors={create.errors}
          duplicate={duplicate}
        >
          <LessonStatusField value={status} onChange={setStatus} />
        </LessonMetadataFields>

        <CreateLessonFileFields files={files} errors={create.errors} />

        <GenerateImage
          title={values.title}
          description={values.description}
          level={values.level}
          transcriptPreview={transcript.items
            .slice(0, 3)
            .map((l) => `${l.speaker}: ${l.line}`)
            .join('\n')
            .slice(0, 200)}
          image={image}
          onImage={setImage}
        />

        <FieldError message={create.submitError} />
        <div className="form-actions">
          <Button variant="ghost" onClick={() => mayClose() && close()}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" disabled={create.submitting || audio.checking}>
            {create.submitting ? t('adminUi.creating') : t('adminUi.createSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
