import { useState } from 'react';
import type { ImportIssue, LessonSummary } from '../../shared/model.ts';
import { formatTime } from '../format.ts';
import { studio } from '../studio.ts';

type Props = {
  readonly lessons: readonly LessonSummary[];
  readonly selectedId: number | null;
  readonly onSelect: (id: number) => void;
  readonly checked: ReadonlySet<number>;
  readonly onCheck: (id: number, checked: boolean) => void;
};

function Issues({ lessonId }: { lessonId: number }) {
  const [issues, setIssues] = useState<readonly ImportIssue[] | null>(null);
  if (issues === null) {
    void studio()
      .getDraft(lessonId)
      .then((draft) => setIssues(draft?.issues ?? []));
    return <p>Loading issues…</p>;
  }
  const byFile = new Map<string, ImportIssue[]>();
  for (const issue of issues) byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
  return (
    <ul className="issues" aria-label="Import issues">
      {[...byFile].map(([file, list]) => (
        <li key={file}>
          <strong>{file || 'Folder'}</strong>
          <ul>
            {list.map((issue, i) => (
              <li key={i}>{issue.message}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function LessonList({ lessons, selectedId, onSelect, checked, onCheck }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <table aria-label="Lessons" className="lessons">
      <thead>
        <tr>
          <th>Publish</th>
          <th>#</th>
          <th>Title</th>
          <th>Duration</th>
          <th>Lines</th>
          <th>Words with audio</th>
          <th>Issues</th>
          <th>State</th>
        </tr>
      </thead>
      <tbody>
        {lessons.map((lesson) => (
          <tr
            key={lesson.id}
            aria-selected={lesson.id === selectedId}
            className={lesson.id === selectedId ? 'selected' : undefined}
          >
            <td>
              <input
                type="checkbox"
                aria-label={`Publish ${lesson.title}`}
                checked={checked.has(lesson.id)}
                onChange={(e) => onCheck(lesson.id, e.currentTarget.checked)}
              />
            </td>
            <td>{lesson.lessonNumber ?? ''}</td>
            <td>
              <button type="button" className="link" onClick={() => onSelect(lesson.id)}>
                {lesson.title}
              </button>
            </td>
            <td>{formatTime(lesson.durationSeconds)}</td>
            <td>{lesson.lineCount}</td>
            <td>
              {lesson.matchedWordCount} / {lesson.wordCount}
            </td>
            <td>
              {lesson.issueCount === 0 ? (
                '0'
              ) : (
                <button
                  type="button"
                  aria-expanded={open === lesson.id}
                  onClick={() => setOpen(open === lesson.id ? null : lesson.id)}
                >
                  {lesson.issueCount} issue{lesson.issueCount === 1 ? '' : 's'}
                </button>
              )}
              {open === lesson.id && <Issues lessonId={lesson.id} />}
            </td>
            <td>{lesson.publishState}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
