import { useEffect, useEffectEvent, useState } from 'react';

export const AUTO_CONTINUE_MS = 3000;

/**
 * While `enabled`, calls `onContinue` after 3 s and counts the seconds left down (for the "in n s"
 * line); a change of `enabled` starts over.
 */
export function useAutoContinue(enabled: boolean, onContinue: () => void): number {
  const [secondsLeft, setSecondsLeft] = useState(Math.round(AUTO_CONTINUE_MS / 1000));
  const continueEvent = useEffectEvent(onContinue);
  useEffect(() => {
    if (!enabled) return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((AUTO_CONTINUE_MS - (Date.now() - started)) / 1000)));
    }, 250);
    const timer = window.setTimeout(() => continueEvent(), AUTO_CONTINUE_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return secondsLeft;
}
