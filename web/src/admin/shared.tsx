import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { ProgressBar } from '../components/progress.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';

/** Simulated upload progress of a chosen file: 10 % every 200 ms up to 100 % (spec §4). */
export function useSimulatedProgress(file: File | null): number {
  // The progress belongs to one file: another file starts at 0 without an extra render.
  const [state, setState] = useState<{ file: File | null; progress: number }>({
    file,
    progress: 0,
  });
  useEffect(() => {
    if (!file) return;
    const timer = window.setInterval(() => {
      setState((s) => {
        const next = Math.min(100, (s.file === file ? s.progress : 0) + 10);
        if (next >= 100) window.clearInterval(timer);
        return { file, progress: next };
      });
    }, 200);
    return () => window.clearInterval(timer);
  }, [file]);
  return state.file === file ? state.progress : 0;
}

export function FileProgress({ file }: { file: File | null }) {
  const t = useT();
  const progress = useSimulatedProgress(file);
  if (!file) return null;
  return (
    <div className="admin-file-progress">
      <ProgressBar
        value={progress}
        max={100}
        label={t('adminUi.uploadProgress', { name: file.name })}
      />
      <span className="small muted">{progress}%</span>
    </div>
  );
}

export function LabelledInput({
  label: text,
  children,
}: {
  label: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      {children(id)}
    </div>
  );
}

export function FieldError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export function StatCard({ title, value }: { title: string; value: string | number }) {
  return (
    <div className="card admin-stat">
      <p className="small muted">{title}</p>
      <p className="admin-stat-value">{value}</p>
    </div>
  );
}

/** For a read's `.catch`: tells the failure in a toast and fails on (the query keeps its error). */
export function failWith(message: string): (error: unknown) => never {
  return (error) => {
    notify.error(message);
    throw error;
  };
}

/** Draft or Published, as learners see the lesson now. */
export function PublishedBadge({ published }: { published: boolean }) {
  const t = useT();
  return (
    <span className={published ? 'badge good' : 'badge'}>
      {published ? t('lesson.status.published') : t('lesson.status.draft')}
    </span>
  );
}

/** One choice of several as a row of pressed/unpressed buttons (filters, views). */
export function ChoiceButtons<T extends string>({
  label,
  labels,
  value,
  onChoose,
}: {
  label: string;
  /** Each choice and its name, in the order shown. */
  labels: Record<T, string>;
  value: T;
  onChoose: (choice: T) => void;
}) {
  return (
    <div className="admin-filters" role="group" aria-label={label}>
      {(Object.keys(labels) as T[]).map((choice) => (
        <Button
          key={choice}
          variant={choice === value ? 'primary' : 'ghost'}
          aria-pressed={choice === value}
          onClick={() => onChoose(choice)}
        >
          {labels[choice]}
        </Button>
      ))}
    </div>
  );
}

/** Previous/next through a list read page by page, with the rows shown and the true total. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (total <= pageSize && page === 0) return null;
  const from = Math.min(total, page * pageSize + 1);
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="admin-pager" aria-label={t('adminPaging.label')}>
      <Button variant="ghost" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('adminPaging.previous')}
      </Button>
      <span className="small muted" aria-live="polite">
        {t('adminPaging.range', { from, to, total })}
      </span>
      <Button variant="ghost" disabled={to >= total} onClick={() => onPage(page + 1)}>
        {t('adminPaging.next')}
      </Button>
    </nav>
  );
}

/** Saves text (or a Blob) as a download with the given file name. */
export function downloadBlob(content: Blob | string, fileName: string, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Date as the admin tables show it. */
export function shortDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-GB');
}

/** Keeps a value in localStorage (ignoring private-mode refusals). */
export function useStoredState<T extends string>(
  key: string,
  initial: T,
  allowed: readonly T[],
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const saved = localStorage.getItem(key);
      return saved !== null && (allowed as readonly string[]).includes(saved)
        ? (saved as T)
        : initial;
    } catch {
      return initial;
    }
  });
  const set = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // The choice then lasts for this visit only.
    }
  };
  return [value, set];
}
