import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import type { PracticeSummary } from './practice-player.tsx';

/** The end of a practice session: how many were right the first time, and where to go next. */
export function PracticeFinished({
  summary,
  children,
}: {
  summary: PracticeSummary;
  children: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="card center stack practice-finished" role="status">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('practice.finishedTitle')}
      </h2>
      <p className="score">
        {t('practice.finishedText', {
          right: format.number(summary.right),
          total: format.number(summary.total),
        })}
      </p>
      <div className="button-row center">{children}</div>
    </div>
  );
}
