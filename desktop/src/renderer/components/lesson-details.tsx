import type { LessonDraft, LessonLevel, LessonPatch } from '../../shared/model.ts';
import { LEVELS } from '../../shared/model.ts';
import { EditableText } from './editable-text.tsx';

type Props = {
  readonly draft: LessonDraft;
  readonly onChange: (label: string, patch: LessonPatch) => void;
};

/** Title, number, level, topic and description: each edit saved and undoable. */
export function LessonDetails({ draft, onChange }: Props) {
  return (
    <section aria-label="Lesson details" className="details">
      <label className="field title">
        Title
        <EditableText
          label="Title"
          value={draft.title}
          onCommit={(title) => onChange('Edit title', { title: title.trim() })}
        />
      </label>
      <label className="field number">
        No.
        <EditableText
          label="Lesson number"
          value={draft.lessonNumber === null ? '' : String(draft.lessonNumber)}
          onCommit={(text) => {
            const n = Number(text.trim());
            onChange('Edit lesson number', {
              lessonNumber: text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null,
            });
          }}
        />
      </label>
      <label className="field level">
        Level
        <select
          aria-label="Level"
          value={draft.level}
          onChange={(e) => onChange('Edit level', { level: e.currentTarget.value as LessonLevel })}
        >
          {LEVELS.map((level) => (
            <option key={level}>{level}</option>
          ))}
        </select>
      </label>
      <label className="field topic">
        Topic
        <EditableText
          label="Topic"
          value={draft.topic}
          placeholder="e.g. At the market"
          onCommit={(topic) => onChange('Edit topic', { topic: topic.trim() })}
        />
      </label>
      <label className="field description">
        Description
        <EditableText
          label="Description"
          multiline
          value={draft.description}
          placeholder="What the learner will hear and learn"
          onCommit={(description) => onChange('Edit description', { description })}
        />
      </label>
    </section>
  );
}
