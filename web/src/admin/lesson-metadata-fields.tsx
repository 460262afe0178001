import type { ReactNode } from 'react';
import { LEVELS, type Level } from '@magyarul/core/enums';
import { parseLessonNumber } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { FieldError, LabelledInput } from './shared.tsx';

/** The lesson fields every admin form has: number, title, description, level. */
export type LessonMetadataValues = {
  lessonNumber: string;
  title: string;
  description: string;
  /** '' until the lesson is read. */
  level: Level | '';
};

/**
 * The shared lesson-metadata fields of the create dialog, the edit dialog and the review page.
 * A non-numeric number entry clears the field (the spec's duplicate check, in every form).
 * `afterNumber` sits between the number and the title (the review page's read-only duration);
 * `children` follow the level (status or topic).
 */
export function LessonMetadataFields({
  values,
  onEdit,
  levels = LEVELS,
  errors = {},
  duplicate = null,
  duplicateRole = 'status',
  descriptionRows = 3,
  afterNumber,
  children,
}: {
  values: LessonMetadataValues;
  onEdit: <K extends keyof LessonMetadataValues>(key: K, value: LessonMetadataValues[K]) => void;
  levels?: readonly string[];
  errors?: { lessonNumber?: string; title?: string };
  duplicate?: string | null;
  duplicateRole?: 'status' | 'alert';
  descriptionRows?: number;
  afterNumber?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const levelOptions = [...new Set([...levels, values.level])].filter((l) => l !== '');
  return (
    <>
      <LabelledInput label={t('adminUi.lessonNumber')}>
        {(id) => (
          <input
            id={id}
            inputMode="numeric"
            pattern="[0-9]*"
            value={values.lessonNumber}
            onChange={(e) => {
              const value = e.target.value;
              // The spec: a non-numeric entry clears the number.
              onEdit('lessonNumber', parseLessonNumber(value) === null ? '' : value.trim());
            }}
          />
        )}
      </LabelledInput>
      <FieldError message={errors.lessonNumber} />
      {duplicate && (
        <p className="form-error" role={duplicateRole}>
          {duplicate}
        </p>
      )}
      {afterNumber}
      <LabelledInput label={t('adminUi.title')}>
        {(id) => (
          <input id={id} value={values.title} onChange={(e) => onEdit('title', e.target.value)} />
        )}
      </LabelledInput>
      <FieldError message={errors.title} />
      <LabelledInput label={t('adminUi.description')}>
        {(id) => (
          <textarea
            id={id}
            rows={descriptionRows}
            value={values.description}
            onChange={(e) => onEdit('description', e.target.value)}
          />
        )}
      </LabelledInput>
      <LabelledInput label={t('adminUi.level')}>
        {(id) => (
          <select
            id={id}
            value={values.level}
            onChange={(e) => onEdit('level', e.target.value as Level)}
          >
            {levelOptions.map((l) => (
              <option key={l} value={l}>
                {format.level(l)}
              </option>
            ))}
          </select>
        )}
      </LabelledInput>
      {children}
    </>
  );
}

export type LessonStatus = 'draft' | 'published';

/** Draft / Published, as the create and edit dialogs offer it. */
export function LessonStatusField({
  value,
  onChange,
}: {
  value: LessonStatus;
  onChange: (value: LessonStatus) => void;
}) {
  const t = useT();
  return (
    <LabelledInput label={t('adminUi.status')}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value === 'published' ? 'published' : 'draft')}
        >
          <option value="draft">{t('lesson.status.draft')}</option>
          <option value="published">{t('lesson.status.published')}</option>
        </select>
      )}
    </LabelledInput>
  );
}
