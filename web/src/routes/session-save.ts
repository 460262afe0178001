import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveFlashcardSession } from '../lib/api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import type { SessionSummary } from '../components/flashcard-player.tsx';
import type { SaveState } from '../components/results-overlay.tsx';

/** The first pause before a failed session save is tried again; it doubles up to the maximum. */
const SAVE_RETRY_FIRST_MS = 2000;
const SAVE_RETRY_MAX_MS = 30_000;

/**
 * Saves a finished session. One call saves the session and, for a pass, completes the lesson in
 * the same transaction; a failure therefore lost both, and the learner hears about both (spec
 * §8). The result stays on screen and the save is tried again (by itself, with a growing pause,
 * or at once with `saveNow`); a pass continues to the next lesson only once it is stored
 * (issue 13), after which `onPassed` runs.
 */
export function useSessionSave({
  summary,
  sessionId,
  lessonId,
  userId,
  onPassed,
}: {
  summary: SessionSummary | null;
  sessionId: string;
  lessonId: string;
  userId: string;
  onPassed: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [saveState, setSaveState] = useState<SaveState>('saving');
  const [saveAttempt, setSaveAttempt] = useState(0);
  // Each save (a new summary, or another attempt) starts as 'saving': set while rendering.
  const [savingFor, setSavingFor] = useState<{ summary: SessionSummary; attempt: number } | null>(
    null,
  );
  if (summary && (savingFor?.summary !== summary || savingFor.attempt !== saveAttempt)) {
    setSavingFor({ summary, attempt: saveAttempt });
    setSaveState('saving');
  }
  // What follows a save's answer; t, onPassed and queryClient do not start a new save.
  const stored = useEffectEvent((passed: boolean) => {
    setSaveState('saved');
    // Every session moves today's answers and the due count; only these two reads (the
    // lesson's own progress is read again on a pass only, as before).
    void queryClient.invalidateQueries({ queryKey: ['progress', userId, 'today'], exact: true });
    void queryClient.invalidateQueries({
      queryKey: ['progress', userId, 'achievements'],
      exact: true,
    });
    if (!passed) return;
    onPassed();
    void queryClient.invalidateQueries({ queryKey: ['progress', userId] });
  });
  const failed = useEffectEvent((passed: boolean, attempt: number) => {
    if (attempt === 0) {
      notify.error(t('flashcards.sessionSaveFailed'));
      if (passed) notify.error(t('lesson.progressSaveFailed'));
    }
    setSaveState('failed');
  });
  useEffect(() => {
    if (!summary) return;
    let active = true;
    let timer: number | undefined;
    saveFlashcardSession(sessionId, lessonId, summary.totalCards, summary.correctAnswers)
      .then(() => {
        if (active) stored(summary.passed);
      })
      .catch((error: unknown) => {
        console.error('Saving the session failed', error);
        if (!active) return;
        failed(summary.passed, saveAttempt);
        timer = window.setTimeout(
          () => setSaveAttempt((n) => n + 1),
          Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_FIRST_MS * 2 ** saveAttempt),
        );
      });
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [summary, saveAttempt, sessionId, lessonId]);

  const saveNow = useCallback(() => setSaveAttempt((n) => n + 1), []);
  /** A new session starts saving from its first attempt. */
  const restart = useCallback(() => {
    setSaveState('saving');
    setSaveAttempt(0);
  }, []);
  return { saveState, saveNow, restart };
}
