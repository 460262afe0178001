import type { ReactNode } from 'react';
import { errorsOf, warningsOf } from '../../shared/checks.ts';
import { studioMessage } from '../../shared/messages.ts';
import type { LessonCheck, PublishCheckReport } from '../../shared/model.ts';
import type { ChangeChoices } from '../use-change-choices.ts';
import { ConflictChoice } from './conflict-choice.tsx';
import { ServerChanges } from './server-changes.tsx';

/** ready, warnings (sent only with "Publish anyway") or blocked (not sent). */
export function verdictOf(check: LessonCheck, unresolved: number) {
  const errors = errorsOf(check.issues).length;
  const warnings = warningsOf(check.issues).length;
  if (errors > 0 || check.conflict || unresolved > 0) return 'blocked';
  return warnings > 0 ? 'warnings' : 'ready';
}

function serverState(check: LessonCheck): string {
  if (!check.server) return studioMessage('server-state-new');
  return studioMessage(check.server.isPublished ? 'server-state-published' : 'server-state-draft');
}

function CheckResult(props: { check: LessonCheck; unresolved: number; children?: ReactNode }) {
  const { check, unresolved, children } = props;
  const errors = errorsOf(check.issues);
  const warnings = warningsOf(check.issues);
  const verdict = verdictOf(check, unresolved);
  const why = [
    ...(errors.length > 0 ? [`${errors.length} error(s)`] : []),
    ...(unresolved > 0 ? [studioMessage('server-changes-unresolved', { n: unresolved })] : []),
  ];
  return (
    <li data-verdict={verdict} aria-label={check.label}>
      <strong>{check.label}</strong>{' '}
      <span className="server-state" data-live={check.server?.isPublished ?? false}>
        {serverState(check)}
      </span>{' '}
      <span className={`verdict ${verdict}`}>
        {verdict === 'ready'
          ? 'ready'
          : verdict === 'warnings'
            ? `${warnings.length} warning(s)`
            : `not sent${why.length > 0 ? `: ${why.join(' ')}` : ''}`}
      </span>
      {check.issues.length > 0 && (
        <ul>
          {check.issues.map((issue, i) => (
            <li key={i} data-severity={issue.severity}>
              {issue.severity === 'error' ? 'Error: ' : 'Warning: '}
              {issue.message}
            </li>
          ))}
        </ul>
      )}
      {children}
    </li>
  );
}

type Props = {
  readonly report: PublishCheckReport;
  readonly choices: ChangeChoices;
  /** A conflict was resolved (the draft's number or link changed): check again. */
  readonly onResolved: () => void;
};

/**
 * What the check found, lesson by lesson: its state on the server, its checks, the choice for a
 * lesson-number conflict, and the rows changed on the server since the studio's last publish.
 */
export function LessonChecks({ report, choices, onResolved }: Props) {
  return (
    <ul aria-label="Lesson checks" className="lesson-checks">
      {report.lessons.map((c) => (
        <CheckResult key={c.lessonId} check={c} unresolved={choices.unresolved(c)}>
          {c.conflict && (
            <ConflictChoice
              lessonId={c.lessonId}
              conflict={c.conflict}
              takenNumbers={report.takenNumbers}
              onResolved={onResolved}
            />
          )}
          {c.changes.length > 0 && <ServerChanges check={c} choices={choices} />}
        </CheckResult>
      ))}
    </ul>
  );
}
