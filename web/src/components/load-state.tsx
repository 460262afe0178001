import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';

/**
 * A load that gave up: the spec's message and a Retry button (issue 13), with room for a way
 * out (e.g. Return to Dashboard).
 */
export function LoadError({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <div className="button-row">
        <Button onClick={onRetry}>{t('app.retry')}</Button>
        {children}
      </div>
    </div>
  );
}

/** Grey placeholders in the shape of what is loading; said as "Loading..." to screen readers. */
export function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-live="polite" data-skeleton="">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The lesson viewer's shape while it loads: title, meta, progress strip, tabs and player. */
export function LessonSkeleton({ label }: { label: string }) {
  return (
    <div className="lesson-skeleton" role="status" aria-live="polite" data-skeleton="">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton-title" aria-hidden="true" />
      <div className="skeleton skeleton-line" aria-hidden="true" />
      <div className="skeleton skeleton-line short" aria-hidden="true" />
      <div className="skeleton skeleton-block" aria-hidden="true" />
      <SkeletonBars />
    </div>
  );
}

function SkeletonBars() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="skeleton skeleton-row" aria-hidden="true" />
      ))}
    </>
  );
}
