import { useEffect, useState } from 'react';
import type { PublishItem, PublishProgress } from '../../shared/model.ts';
import { studio } from '../studio.ts';

type Props = { readonly lessonIds: readonly number[]; readonly onPublished: () => void };

export function PublishPanel({ lessonIds, onPublished }: Props) {
  const [url, setUrl] = useState('http://127.0.0.1:54321');
  const [anonKey, setAnonKey] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<'draft' | 'published'>('draft');
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  const [items, setItems] = useState<PublishItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      studio().onPublishProgress((p) => {
        setProgress(p);
        setItems((current) => [...current, p.item]);
      }),
    [],
  );

  const run = async () => {
    setBusy(true);
    setError(null);
    setItems([]);
    setProgress(null);
    try {
      const report = await studio().publish({
        url,
        anonKey,
        email,
        password,
        lessonIds: [...lessonIds],
        status,
      });
      if (report.failed > 0) setError(`${report.failed} item(s) failed. Publish again to finish.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      onPublished();
    }
  };

  return (
    <form
      aria-label="Publish"
      className="publish"
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <label>
        Server URL <input value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
      </label>
      <label>
        Anon key <input value={anonKey} onChange={(e) => setAnonKey(e.currentTarget.value)} />
      </label>
      <label>
        Email <input type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      </label>
      <label>
        Password{' '}
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <label>
        As{' '}
        <select
          aria-label="Publish as"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as 'draft' | 'published')}
        >
          <option value="draft">draft</option>
          <option value="published">published</option>
        </select>
      </label>
      <button type="submit" disabled={busy || lessonIds.length === 0}>
        Publish {lessonIds.length} lesson(s)
      </button>
      {progress && (
        <progress aria-label="Publish progress" max={progress.total} value={progress.done} />
      )}
      {error && <p role="alert">{error}</p>}
      <ul aria-label="Publish items">
        {items.map((item, i) => (
          <li key={i} data-state={item.state}>
            {item.item}: {item.state}
            {item.message ? ` — ${item.message}` : ''}
          </li>
        ))}
      </ul>
    </form>
  );
}
