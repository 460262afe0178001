import { useState } from 'react';
import { isInsecureTarget } from '../../shared/insecure-url.ts';
import { usePublish } from '../use-publish.ts';
import { LessonChecks, verdictOf } from './lesson-checks.tsx';
import { PublishFields } from './publish-fields.tsx';
import { UnpublishConfirm } from './unpublish-confirm.tsx';

type Props = {
  readonly lessonIds: readonly number[];
  readonly onClose: () => void;
  readonly onChanged: () => void;
};

/**
 * Publishing in two steps: Check signs in (after the plain-http and admin checks) and shows,
 * before anything is sent, each lesson's state on the server, its checks, its lesson-number
 * conflict (update the server's lesson in place or pick a new number) and the rows changed on the
 * server since the last publish (the server's, mine, or merge by line); then Publish sends the
 * ready lessons, and Publish anyway those with warnings too. "As draft" for a live lesson asks
 * first. Server, key and e-mail are remembered; the password is not.
 */
export function PublishDialog({ lessonIds, onClose, onChanged }: Props) {
  const { form, setField, report, choices, items, progress, busy, error, check, publish } =
    usePublish(lessonIds, onChanged);
  // "Publish anyway" or not, while the author is asked about unpublishing live lessons.
  const [confirming, setConfirming] = useState<boolean | null>(null);

  const insecure = isInsecureTarget(form.url);
  const checks = report?.lessons ?? [];
  const verdicts = checks.map((c) => ({ c, verdict: verdictOf(c, choices.unresolved(c)) }));
  const ready = verdicts.filter((v) => v.verdict === 'ready').length;
  const withWarnings = verdicts.filter((v) => v.verdict === 'warnings').length;
  const canSignIn = !busy && lessonIds.length > 0 && (!insecure || form.allowInsecure);
  /** The live lessons this publish would take off the site. */
  const unpublished = (acceptWarnings: boolean) =>
    form.status !== 'draft'
      ? []
      : verdicts
          .filter((v) => v.verdict === 'ready' || (acceptWarnings && v.verdict === 'warnings'))
          .filter((v) => v.c.server?.isPublished)
          .map((v) => v.c.label);
  const start = (acceptWarnings: boolean) => {
    if (unpublished(acceptWarnings).length > 0) setConfirming(acceptWarnings);
    else void publish(acceptWarnings, false);
  };

  return (
    <div className="dialog-backdrop" role="dialog" aria-modal="true" aria-label="Publish lessons">
      <form
        aria-label="Publish"
        className="publish dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <header>
          <h2>Publish {lessonIds.length} lesson(s)</h2>
          <button type="button" className="close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <PublishFields form={form} insecure={insecure} onChange={setField} />
        <div className="actions">
          <button type="submit" disabled={!canSignIn}>
            Check
          </button>
          <button
            type="button"
            disabled={!canSignIn || report === null || ready === 0}
            onClick={() => start(false)}
          >
            Publish {ready} ready lesson(s)
          </button>
          {withWarnings > 0 && (
            <button type="button" disabled={!canSignIn} onClick={() => start(true)}>
              Publish anyway ({ready + withWarnings} lesson(s), warnings included)
            </button>
          )}
          {busy && <span className="hint">Working…</span>}
        </div>
        {confirming !== null && (
          <UnpublishConfirm
            labels={unpublished(confirming)}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void publish(confirming, true);
            }}
          />
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {report && (
          <LessonChecks
            report={report}
            choices={choices}
            onResolved={() => {
              onChanged();
              void check();
            }}
          />
        )}
        {progress && (
          <progress aria-label="Publish progress" max={progress.total} value={progress.done} />
        )}
        <ul aria-label="Publish items" className="publish-items">
          {items.map((item, i) => (
            <li key={i} data-state={item.state}>
              {item.lesson} — {item.item}: {item.state}
              {item.message ? ` — ${item.message}` : ''}
            </li>
          ))}
        </ul>
      </form>
    </div>
  );
}
