import type { LessonSummary } from '../../shared/model.ts';
import { formatDuration } from '@magyarul/core/lessons';

type Props = {
  readonly lessons: readonly LessonSummary[];
  readonly selectedId: number | null;
  readonly onSelect: (id: number) => void;
  readonly checked: ReadonlySet<number>;
  readonly onCheck: (id: number, checked: boolean) => void;
  readonly onCheckAll: (checked: boolean) => void;
};

const STATE_TEXT = { never: 'not published', draft: 'draft on server', published: 'published' };

/** The left pane: every imported lesson, what it holds, and where it stands on the server. */
export function LessonList({ lessons, selectedId, onSelect, checked, onCheck, onCheckAll }: Props) {
  const all = lessons.length > 0 && lessons.every((lesson) => checked.has(lesson.id));
  return (
    <nav aria-label="Lessons" className="lesson-list">
      <div className="pane-title">
        <label className="check-all">
          <input
            type="checkbox"
            aria-label="Choose every lesson for publishing"
            checked={all}
            onChange={(e) => onCheckAll(e.currentTarget.checked)}
          />
        </label>
        <h2>Lessons ({lessons.length})</h2>
      </div>
      {lessons.length === 0 && (
        <p className="hint">Choose the folder that holds one subfolder per lesson, then import.</p>
      )}
      <ul>
        {lessons.map((lesson) => (
          <li
            key={lesson.id}
            aria-current={lesson.id === selectedId ? 'true' : undefined}
            className={lesson.id === selectedId ? 'selected' : undefined}
            data-lesson={lesson.title}
          >
            <input
              type="checkbox"
              aria-label={`Publish ${lesson.title}`}
              checked={checked.has(lesson.id)}
              onChange={(e) => onCheck(lesson.id, e.currentTarget.checked)}
            />
            <button type="button" className="lesson-open" onClick={() => onSelect(lesson.id)}>
              <span className="lesson-number">{lesson.lessonNumber ?? '–'}</span>
              <span className="lesson-title">{lesson.title}</span>
            </button>
            <span className="lesson-facts">
              {formatDuration(lesson.durationSeconds) ?? 'no audio'} · {lesson.lineCount} lines ·{' '}
              {lesson.matchedWordCount}/{lesson.wordCount} words with audio
            </span>
            <span className="lesson-badges">
              <span className={`badge state-${lesson.publishState}`}>
                {STATE_TEXT[lesson.publishState]}
              </span>
              {lesson.changedSincePublish && (
                <span className="badge changed" title="Edited since it was last published">
                  changed since publish
                </span>
              )}
              {lesson.issueCount > 0 && (
                <span className="badge issues">
                  {lesson.issueCount} issue{lesson.issueCount === 1 ? '' : 's'}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
