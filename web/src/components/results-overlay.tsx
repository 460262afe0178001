import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import {
  missedWords,
  passMark,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import type { SessionSummary } from './flashcard-player.tsx';
import { Button } from './button.tsx';
import { MeaningText } from './meaning-text.tsx';
import { useToastHost } from './toaster.tsx';

export const AUTO_CONTINUE_MS = 3000;

/** Where the session's save stands: a pass continues only once it is `saved`. */
export type SaveState = 'saving' | 'saved' | 'failed';

/**
 * The results of a lesson session. A pass continues by itself after 3 s (or at once on a tap)
 * to `continueTo`, counted from the moment its save is stored: while it is saving or the save
 * failed, the overlay stays and says so (with Save now), and Continue waits. A fail shows
 * Almost There with Try Again. The words answered wrongly are listed with their meanings in
 * the learner's language.
 *
 * It is a native <dialog> opened with showModal(): the browser traps focus inside it and makes
 * the page behind it inert. It has no close button; Escape is refused (the learner leaves it
 * only through its buttons), so a result whose save is still pending is never dismissed.
 */
export function ResultsOverlay({
  summary,
  cards,
  language,
  continueLabel,
  onContinue,
  onTryAgain,
  saveState = 'saved',
  onSaveNow,
}: {
  summary: SessionSummary;
  saveState?: SaveState;
  onSaveNow?: () => void;
  cards: readonly Flashcard[];
  language: MeaningLanguage;
  continueLabel: string;
  onContinue: () => void;
  onTryAgain: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const missed = missedWords(summary.results, cards);
  const titleId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const toasts = useRef<HTMLDivElement>(null);
  useToastHost(toasts);
  const [secondsLeft, setSecondsLeft] = useState(Math.round(AUTO_CONTINUE_MS / 1000));
  const onContinueRef = useRef(onContinue);
  useLayoutEffect(() => {
    onContinueRef.current = onContinue;
  });

  // Shown as a modal for as long as it is mounted; if a browser closes it anyway (a repeated
  // close request without user activation may skip the cancel event), it opens again.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const reopen = () => {
      if (element.isConnected && !element.open) element.showModal();
    };
    element.addEventListener('close', reopen);
    return () => element.removeEventListener('close', reopen);
  }, []);

  const stored = saveState === 'saved';
  // Continue is disabled until the save is stored: it takes the focus once it can act.
  useEffect(() => {
    primary.current?.focus();
  }, [stored]);

  useEffect(() => {
    if (!summary.passed || !stored) return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((AUTO_CONTINUE_MS - (Date.now() - started)) / 1000)));
    }, 250);
    const timer = window.setTimeout(() => onContinueRef.current(), AUTO_CONTINUE_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [summary.passed, stored]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="card overlay-card"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>{summary.passed ? t('flashcards.passed') : t('flashcards.almostThere')}</h2>
      <p className="score">
        {t('flashcards.score', {
          correct: format.number(summary.correctAnswers),
          total: format.number(summary.totalCards),
          accuracy: format.number(summary.accuracy),
        })}
      </p>
      {missed.length > 0 && (
        <section className="missed-words" aria-labelledby={`${titleId}-missed`}>
          <h3 id={`${titleId}-missed`}>{t('flashcards.toPractise')}</h3>
          <ul>
            {missed.map((word) => (
              <li key={word.vocabularyId}>
                <span lang="hu" className="missed-hu">
                  {word.hungarian}
                </span>{' '}
                <MeaningText meaning={word.meaning} learnerLanguage={language} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {!stored && (
        <div className={saveState === 'failed' ? 'save-state failed' : 'save-state'}>
          <p role="status">
            {saveState === 'failed' ? t('flashcards.saveRetrying') : t('flashcards.saving')}
          </p>
          {saveState === 'failed' && onSaveNow && (
            <Button variant="secondary" onClick={onSaveNow}>
              {t('flashcards.saveNow')}
            </Button>
          )}
        </div>
      )}
      {summary.passed ? (
        <>
          <Button ref={primary} onClick={onContinue} disabled={!stored}>
            {continueLabel}
          </Button>
          {stored && (
            <p className="muted" aria-live="polite">
              {t('flashcards.autoContinue', { n: format.number(secondsLeft) })}
            </p>
          )}
        </>
      ) : (
        <>
          <p>{t('flashcards.needToPass', { n: format.number(passMark(summary.totalCards)) })}</p>
          <Button ref={primary} onClick={onTryAgain}>
            {t('flashcards.tryAgain')}
          </Button>
        </>
      )}
      <div ref={toasts} className="toast-host" />
    </dialog>
  );
}
