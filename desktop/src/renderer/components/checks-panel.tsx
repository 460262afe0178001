import { checkLesson } from '../../shared/checks.ts';
import type { CheckIssue, ImportIssue, LessonDraft } from '../../shared/model.ts';
import type { LineMisspellings } from '../use-spelling.ts';
import { SpellingList } from './spelling-list.tsx';

type Props = {
  readonly draft: LessonDraft;
  readonly spelling: readonly LineMisspellings[];
  readonly onGoToLine: (lineId: number) => void;
  readonly onGoToWord: (wordId: number) => void;
};

function CheckItem({ issue, onGo }: { issue: CheckIssue; onGo: (() => void) | null }) {
  return (
    <li data-severity={issue.severity}>
      <span className="severity">{issue.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
      {onGo ? (
        <button type="button" className="link" onClick={onGo}>
          {issue.message}
        </button>
      ) : (
        issue.message
      )}
    </li>
  );
}

/**
 * What stands between this lesson and publishing, worked out live from the draft (an issue
 * fixed disappears at once): the publish checks, then what the import found in the files.
 */
export function ChecksPanel({ draft, spelling, onGoToLine, onGoToWord }: Props) {
  const checks = checkLesson(draft);
  const errors = checks.filter((issue) => issue.severity === 'error').length;
  const byFile = new Map<string, ImportIssue[]>();
  for (const issue of draft.issues) {
    byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
  }
  return (
    <section aria-label="Checks and issues" className="checks">
      <h3>
        Publish checks{' '}
        <span className="hint">
          {checks.length === 0
            ? 'all clear'
            : `${errors} error(s) block publishing, ${checks.length - errors} warning(s)`}
        </span>
      </h3>
      <ul aria-label="Publish checks">
        {checks.map((issue, i) => {
          const { lineId, wordId } = issue;
          const onGo =
            lineId !== null
              ? () => onGoToLine(lineId)
              : wordId !== null
                ? () => onGoToWord(wordId)
                : null;
          return <CheckItem key={`${issue.code}-${i}`} issue={issue} onGo={onGo} />;
        })}
      </ul>
      <SpellingList found={spelling} onGoToLine={onGoToLine} />
      {draft.issues.length > 0 && (
        <>
          <h3>Import issues</h3>
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
        </>
      )}
    </section>
  );
}
