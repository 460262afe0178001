import { useEffect, useId, useRef } from 'react';
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
import { MissedWordsList } from './missed-words-list.tsx';
import { useToastHost } from './toaster.tsx';
import { useAutoContinue } from './use-auto-continue.ts';

/** Where the session's save stands: a pass continues only once it is `saved`. */
export type SaveState = 'saving' | 'saved' | 'failed';

/**
 * The results of a lesson session, or (`practice`) of a practice round of its missed words. A
 * pass without missed words continues by itself after 3 s (or at once on a tap), counted from
 * the moment its save is stored: while it is saving or the save failed, the overlay stays and
 * says so (with Save now), and Continue waits. Missed words are listed with their meanings in the
 * learner's language and stay until the learner acts: no auto-continue then, and "Practise these
 * now" (`onPractise`) starts a short round of just those words. A fail shows Almost There with
 * Try Again. `lessonPassed` (the lesson session's verdict, for a practice round) decides between
 * Continue and Try Again; `notice` is said beside Continue (e.g. the next lesson is not on this
 * device while offline).
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
  onPractise,
  practice = false,
  lessonPassed = summary.passed,
  notice,
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
  onPractise?: () => void;
  practice?: boolean;
  lessonPassed?: boolean;
  notice?: string | null;
}) {
  const t = useT();
  const format = useFormat();
  const missed = missedWords(summary.results, cards);
  const titleId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const toasts = useRef<HTMLDivElement>(null);
  useToastHost(toasts);

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

  const autoContinue = lessonPassed && stored && !practice && missed.length === 0;
  /** "Practise these now" leads when there are missed words; Continue or Try Again follows. */
  const practise = missed.length > 0 && onPractise !== undefined;
  const secondsLeft = useAutoContinue(autoContinue, onContinue);
  const title = practice
    ? t('flashcards.practiceDone')
    : summary.passed
      ? t('flashcards.passed')
      : t('flashcards.almostThere');

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="card overlay-card"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>{title}</h2>
      <p className="score">
        {t('flashcards.score', {
          correct: format.number(summary.correctAnswers),
          total: format.number(summary.totalCards),
          accuracy: format.number(summary.accuracy),
        })}
      </p>
      {missed.length > 0 && (
        <MissedWordsList id={`${titleId}-missed`} missed={missed} language={language} />
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
      {!lessonPassed && !practice && (
        <p>{t('flashcards.needToPass', { n: passMark(summary.totalCards) })}</p>
      )}
      <div className="overlay-actions">
        {practise && (
          <Button ref={primary} onClick={onPractise}>
            {t('flashcards.practiseNow')}
          </Button>
        )}
        {lessonPassed ? (
          <Button
            ref={practise ? undefined : primary}
            variant={practise ? 'secondary' : 'primary'}
            onClick={onContinue}
            disabled={!stored}
          >
            {continueLabel}
          </Button>
        ) : (
          <Button
            ref={practise ? undefined : primary}
            variant={practise ? 'secondary' : 'primary'}
            onClick={onTryAgain}
          >
            {t('flashcards.tryAgain')}
          </Button>
        )}
      </div>
      {lessonPassed && notice && <p className="muted">{notice}</p>}
      {autoContinue && (
        <p className="muted" aria-live="polite">
          {t('flashcards.autoContinue', { n: format.number(secondsLeft) })}
        </p>
      )}
      <div ref={toasts} className="toast-host" />
    </dialog>
  );
}
