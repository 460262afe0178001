import { formatDuration } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import type { AdminLesson } from './api.ts';
import { LessonMetadataFields } from './lesson-metadata-fields.tsx';
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
  return (
    <section className="card stack" aria-labelledby="meta-heading">
      <h2 id="meta-heading">1. {t('reviewPage.section.metadata')}</h2>
      <LessonMetadataFields
        values={meta}
        onEdit={(key, value) => onEdit(key, value as Meta[typeof key])}
        levels={[...levels, lesson.level]}
        duplicate={duplicate}
        duplicateRole="alert"
        descriptionRows={4}
        afterNumber={
          <LabelledInput label={t('adminUi.duration')}>
            {(id) => (
              <input
                id={id}
                readOnly
                value={formatDuration(lesson.duration) ?? t('reviewPage.durationNa')}
              />
            )}
          </LabelledInput>
        }
      >
        <LabelledInput label={t('adminUi.topic')}>
          {(id) => (
            <input id={id} value={meta.topic} onChange={(e) => onEdit('topic', e.target.value)} />
          )}
        </LabelledInput>
      </LessonMetadataFields>
    </section>
  );
}
