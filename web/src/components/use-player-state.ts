import { useCallback, useState } from 'react';

export type PlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'error';
type ErrorKind = 'load' | 'play';

/**
 * The player's loading state over candidate `sources` (best first): when one fails to load the
 * next is tried, and only when none loads is it an error; a refused play is its own error.
 * `retry` starts over from the first candidate on a new element (`attempt`); `reload` loads
 * another set of sources (another recording) on the same element.
 */
export function usePlayerState(sources: readonly string[]) {
  const [sourceIndex, setSourceIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlayerState>('loading');
  const [error, setError] = useState<ErrorKind | null>(null);

  const reload = useCallback(() => {
    setSourceIndex(0);
    setError(null);
    setState('loading');
  }, []);

  const retry = useCallback(() => {
    reload();
    setAttempt((n) => n + 1);
  }, [reload]);

  const loadFailed = () => {
    if (sourceIndex < sources.length - 1) {
      setSourceIndex((i) => i + 1);
      return;
    }
    setError('load');
    setState('error');
  };

  const playFailed = useCallback(() => {
    setError('play');
    setState('error');
  }, []);

  return {
    source: sources[sourceIndex],
    attempt,
    state,
    setState,
    error,
    reload,
    retry,
    loadFailed,
    playFailed,
  };
}
