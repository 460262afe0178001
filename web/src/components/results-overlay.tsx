import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { passMark } from '@magyarul/core/flashcards';
import type { SessionSummary } from './flashcard-player.tsx';
import { Button } from './button.tsx';

export const AUTO_CONTINUE_MS = 3000;

/**
 * The results of a lesson session. A pass continues by itself after 3 s (or at once on a tap)
 * to `continueTo`; a fail shows Almost There with Try Again.
 */
export function ResultsOverlay({
  summary,
  continueLabel,
  onContinue,
  onTryAgain,
}: {
  summary: SessionSummary;
  continueLabel: string;
  onContinue: () => void;
  onTryAgain: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const [secondsLeft, setSecondsLeft] = useState(Math.round(AUTO_CONTINUE_MS / 1000));
  const onContinueRef = useRef(onContinue);
  onContinueRef.current = onContinue;

  useEffect(() => {
    primary.current?.focus();
  }, []);

  useEffect(() => {
    if (!summary.passed) return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((AUTO_CONTINUE_MS - (Date.now() - started)) / 1000)));
    }, 250);
    const timer = window.setTimeout(() => onContinueRef.current(), AUTO_CONTINUE_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [summary.passed]);

  return (
    <div className="overlay">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="card overlay-card">
        <h2 id={titleId}>
          {summary.passed ? t('flashcards.passed') : t('flashcards.almostThere')}
        </h2>
        <p className="score">
          {t('flashcards.score', {
            correct: summary.correctAnswers,
            total: summary.totalCards,
            accuracy: summary.accuracy,
          })}
        </p>
        {summary.passed ? (
          <>
            <Button ref={primary} onClick={onContinue}>
              {continueLabel}
            </Button>
            <p className="muted" aria-live="polite">
              {t('flashcards.autoContinue', { n: secondsLeft })}
            </p>
          </>
        ) : (
          <>
            <p>{t('flashcards.needToPass', { n: passMark(summary.totalCards) })}</p>
            <Button ref={primary} onClick={onTryAgain}>
              {t('flashcards.tryAgain')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
