import { useEffect, useRef, useState } from 'react';
import type { PracticeAnswerInput } from '../offline/queue.ts';

/** What a card hands back when the learner goes on: the verdict and the answer to record. */
export type CardResult = {
  /** Right (first time): the session counts it; wrong comes back later in the session. */
  readonly correct: boolean;
  readonly answer: Omit<PracticeAnswerInput, 'sessionId'>;
};

/** Milliseconds since the card was shown, for the answer's duration. */
export function useShownAt(): () => number {
  const [shown] = useState(() => performance.now());
  return () => Math.round(performance.now() - shown);
}

function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)
  );
}

function onButton(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'A'].includes(target.tagName);
}

/**
 * The cards' keyboard: digits 1–4 (outside text fields) call `onDigit`, Enter outside fields
 * and buttons calls `onEnter` (a focused button handles its own Enter).
 */
export function useCardKeys(handlers: {
  readonly onDigit?: (digit: 1 | 2 | 3 | 4) => void;
  readonly onEnter?: () => void;
}): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const { onDigit, onEnter } = ref.current;
      if (/^[1-4]$/.test(event.key) && onDigit && !inField(event.target)) {
        event.preventDefault();
        onDigit(Number(event.key) as 1 | 2 | 3 | 4);
      } else if (
        event.key === 'Enter' &&
        onEnter &&
        !inField(event.target) &&
        !onButton(event.target)
      ) {
        event.preventDefault();
        onEnter();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
