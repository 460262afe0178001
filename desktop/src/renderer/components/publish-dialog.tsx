import { useEffect, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import { errorsOf, warningsOf } from '../../shared/checks.ts';
import { isInsecureTarget } from '../../shared/insecure-url.ts';
import type {
  LessonCheck,
  PublishCheckReport,
  PublishCredentials,
  PublishItem,
  PublishProgress,
} from '../../shared/model.ts';
import { studio } from '../studio.ts';
import { ConflictChoice } from './conflict-choice.tsx';

type Props = {
  readonly lessonIds: readonly number[];
  readonly onClose: () => void;
  readonly onChanged: () => void;
};

type Form = PublishCredentials & { readonly status: 'draft' | 'published' };
const EMPTY: Form = {
  url: 'http://127.0.0.1:54321',
  anonKey: '',
  email: '',
  password: '',
  allowInsecure: false,
  mfaCode: '',
  status: 'draft',
};

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

/**
 * Publishing in two steps: Check signs in (after the plain-http and admin checks) and shows,
 * before anything is sent, each lesson's checks and lesson-number conflict, with the choice to
 * update the server's lesson in place or pick a new number; then Publish sends the ready
 * lessons, and Publish anyway those with warnings too. Server, key and e-mail are remembered;
 * the password is not.
 */
export function PublishDialog({ lessonIds, onClose, onChanged }: Props) {
  const [form, update] = useReducer(
    (state: Form, patch: Partial<Form>): Form => ({ ...state, ...patch }),
    EMPTY,
  );
  const [report, setReport] = useState<PublishCheckReport | null>(null);
  // Another server or account: what the last check said no longer holds.
  const setField = (patch: Partial<Form>) => {
    if ('url' in patch || 'anonKey' in patch || 'email' in patch) setReport(null);
    update(patch);
  };
  const [items, setItems] = useState<PublishItem[]>([]);
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void studio()
      .publishTarget()
      .then((target) => target && update(target));
    return studio().onPublishProgress((p) => {
      setProgress(p);
      setItems((current) => [...current, p.item]);
    });
  }, []);

  const credentials = (): PublishCredentials => ({
    url: form.url.trim(),
    anonKey: form.anonKey.trim(),
    email: form.email.trim(),
    password: form.password,
    allowInsecure: form.allowInsecure,
    mfaCode: (form.mfaCode ?? '').trim(),
  });
  const guard = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    guard(async () => {
      setItems([]);
      setProgress(null);
      setReport(await studio().checkPublish({ ...credentials(), lessonIds: [...lessonIds] }));
    });
  const publish = (acceptWarnings: boolean) =>
    guard(async () => {
      setItems([]);
      setProgress(null);
      const result = await studio().publish({
        ...credentials(),
        lessonIds: [...lessonIds],
        status: form.status,
        acceptWarnings,
      });
      onChanged();
      if (result.failed > 0) {
        setError(`${result.failed} item(s) failed; see below. Publish again to retry them.`);
      }
      setReport(await studio().checkPublish({ ...credentials(), lessonIds: [...lessonIds] }));
    });

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
        <div className="server">
          <label>
            Server URL{' '}
            <input value={form.url} onChange={(e) => setField({ url: e.currentTarget.value })} />
          </label>
          <label>
            Anon key{' '}
            <input
              value={form.anonKey}
              onChange={(e) => setField({ anonKey: e.currentTarget.value })}
            />
          </label>
          <label>
            Email{' '}
            <input
              type="email"
              value={form.email}
              onChange={(e) => setField({ email: e.currentTarget.value })}
            />
          </label>
          <label>
            Password{' '}
            <input
              type="password"
              value={form.password}
              autoComplete="current-password"
              onChange={(e) => setField({ password: e.currentTarget.value })}
            />
          </label>
          <label>
            Authenticator code{' '}
            <input
              aria-describedby="mfa-code-hint"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={form.mfaCode ?? ''}
              onChange={(e) => setField({ mfaCode: e.currentTarget.value })}
            />
          </label>
          <p id="mfa-code-hint" className="hint">
            Only if your account uses two-factor authentication: the 6-digit code your authenticator
            app shows now.
          </p>
          <label>
            As{' '}
            <select
              aria-label="Publish as"
              value={form.status}
              onChange={(e) => setField({ status: e.currentTarget.value as 'draft' | 'published' })}
            >
              <option value="draft">draft (admins only)</option>
              <option value="published">published (learners see it)</option>
            </select>
          </label>
        </div>
        {insecure && (
          <div role="alert" className="warning insecure">
            <p>
              This address starts with http:// and is not this computer: your password would travel
              unencrypted. Use https:// if the server offers it.
            </p>
            <label>
              <input
                type="checkbox"
                checked={form.allowInsecure}
                onChange={(e) => setField({ allowInsecure: e.currentTarget.checked })}
              />{' '}
              Send my password unencrypted anyway
            </label>
          </div>
        )}
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
          <ul aria-label="Lesson checks" className="lesson-checks">
            {checks.map((c) => (
              <CheckResult key={c.lessonId} check={c}>
                {c.conflict && (
                  <ConflictChoice
                    lessonId={c.lessonId}
                    conflict={c.conflict}
                    takenNumbers={report.takenNumbers}
                    onResolved={() => {
                      onChanged();
                      void check();
                    }}
                  />
                )}
              </CheckResult>
            ))}
          </ul>
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
