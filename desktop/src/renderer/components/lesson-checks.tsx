import type { ReactNode } from 'react';
import { errorsOf, warningsOf } from '../../shared/checks.ts';
import type { LessonCheck, PublishCheckReport } from '../../shared/model.ts';
import { ConflictChoice } from './conflict-choice.tsx';

function CheckResult({ check, children }: { check: LessonCheck; children?: ReactNode }) {
  const errors = errorsOf(check.issues);
  const warnings = warningsOf(check.issues);
  const verdict =
    errors.length > 0 || check.conflict ? 'blocked' : warnings.length > 0 ? 'warnings' : 'ready';
  return (
    <li data-verdict={verdict} aria-label={check.label}>
      <strong>{check.label}</strong>{' '}
      <span className={`verdict ${verdict}`}>
        {verdict === 'ready'
          ? 'ready'
          : verdict === 'warnings'
            ? `${warnings.length} warning(s)`
            : `not sent${errors.length > 0 ? `: ${errors.length} error(s)` : ''}`}
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
  /** A conflict was resolved (the draft's number or link changed): check again. */
  readonly onResolved: () => void;
};

/** What the check found, lesson by lesson, with the choice for each lesson-number conflict. */
export function LessonChecks({ report, onResolved }: Props) {
  return (
    <ul aria-label="Lesson checks" className="lesson-checks">
      {report.lessons.map((c) => (
        <CheckResult key={c.lessonId} check={c}>
          {c.conflict && (
            <ConflictChoice
              lessonId={c.lessonId}
              conflict={c.conflict}
              takenNumbers={report.takenNumbers}
              onResolved={onResolved}
            />
          )}
        </CheckResult>
      ))}
    </ul>
  );
}
