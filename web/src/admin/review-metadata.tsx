import type { Level } from '@magyarul/core/enums';
import { formatDuration, parseLessonNumber } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import type { AdminLesson } from './api.ts';
import type { Meta } from './review-save.ts';
import { LabelledInput } from './shared.tsx';

/** Section 1 of the review page: number (with the duplicate warning), title, level, topic. */
export function ReviewMetadata({
  lesson,
  levels,
  meta,
  duplicate,
  onEdit,
}: {
  lesson: AdminLesson;
  levels: readonly string[];
  meta: Meta;
  duplicate: string | null;
  onEdit: <K extends keyof Meta>(key: K, value: Meta[K]) => void;
}) {
  const t = useT();
  const levelOptions = [...new Set([...levels, lesson.level])];
  return (
    <section className="card stack" aria-labelledby="meta-heading">
      <h2 id="meta-heading">1. {t('reviewPage.section.metadata')}</h2>
      <LabelledInput label={t('adminUi.lessonNumber')}>
        {(id) => (
          <input
            id={id}
            inputMode="numeric"
            value={meta.lessonNumber}
            onChange={(e) => {
              // The spec: a non-numeric entry clears the number.
              const value = e.target.value;
              onEdit('lessonNumber', parseLessonNumber(value) === null ? '' : value.trim());
            }}
          />
        )}
      </LabelledInput>
      {duplicate && (
        <p className="form-error" role="alert">
          {duplicate}
        </p>
      )}
      <LabelledInput label={t('adminUi.duration')}>
        {(id) => (
          <input
            id={id}
            readOnly
            value={formatDuration(lesson.duration) ?? t('reviewPage.durationNa')}
          />
        )}
      </LabelledInput>
      <LabelledInput label={t('adminUi.title')}>
        {(id) => (
          <input id={id} value={meta.title} onChange={(e) => onEdit('title', e.target.value)} />
        )}
      </LabelledInput>
      <LabelledInput label={t('adminUi.description')}>
        {(id) => (
          <textarea
            id={id}
            rows={4}
            value={meta.description}
            onChange={(e) => onEdit('description', e.target.value)}
          />
        )}
      </LabelledInput>
      <LabelledInput label={t('adminUi.level')}>
        {(id) => (
          <select
            id={id}
            value={meta.level}
            onChange={(e) => onEdit('level', e.target.value as Level)}
          >
            {levelOptions.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        )}
      </LabelledInput>
      <LabelledInput label={t('adminUi.topic')}>
        {(id) => (
          <input id={id} value={meta.topic} onChange={(e) => onEdit('topic', e.target.value)} />
        )}
      </LabelledInput>
    </section>
  );
}
