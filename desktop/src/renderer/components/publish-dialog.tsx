import { errorsOf, warningsOf } from '../../shared/checks.ts';
import { isInsecureTarget } from '../../shared/insecure-url.ts';
import { usePublish } from '../use-publish.ts';
import { LessonChecks } from './lesson-checks.tsx';
import { PublishFields } from './publish-fields.tsx';

type Props = {
  readonly lessonIds: readonly number[];
  readonly onClose: () => void;
  readonly onChanged: () => void;
};

/**
 * Publishing in two steps: Check signs in (after the plain-http and admin checks) and shows,
 * before anything is sent, each lesson's checks and lesson-number conflict, with the choice to
 * update the server's lesson in place or pick a new number; then Publish sends the ready
 * lessons, and Publish anyway those with warnings too. Server, key and e-mail are remembered;
 * the password is not.
 */
export function PublishDialog({ lessonIds, onClose, onChanged }: Props) {
  const { form, setField, report, items, progress, busy, error, check, publish } = usePublish(
    lessonIds,
    onChanged,
  );

  const insecure = isInsecureTarget(form.url);
  const checks = report?.lessons ?? [];
  const ready = checks.filter((c) => !c.conflict && c.issues.length === 0).length;
  const withWarnings = checks.filter(
    (c) => !c.conflict && errorsOf(c.issues).length === 0 && warningsOf(c.issues).length > 0,
  ).length;
  const canSignIn = !busy && lessonIds.length > 0 && (!insecure || form.allowInsecure);

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
            onClick={() => void publish(false)}
          >
            Publish {ready} ready lesson(s)
          </button>
          {withWarnings > 0 && (
            <button type="button" disabled={!canSignIn} onClick={() => void publish(true)}>
              Publish anyway ({ready + withWarnings} lesson(s), warnings included)
            </button>
          )}
          {busy && <span className="hint">Working…</span>}
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {report && (
          <LessonChecks
            report={report}
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
