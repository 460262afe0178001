import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser is idle after `delay` ms (idle: or `timeout` ms later at the
 * latest), so work the learner does not wait for stays out of the tasks that paint and settle the
 * page. Returns a cancel function, ready to be returned from a React effect.
 */
export function whenIdle(work: () => void, { delay = 0, timeout = 2000 } = {}): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(work, { timeout });
    } else work();
  }, delay);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * False until the browser has been idle once after mount (see whenIdle): for parts of a page
 * below the first screen, so they render in a task of their own after the first one is painted.
 */
export function useIdleReady(options?: { delay?: number; timeout?: number }): boolean {
  const [ready, setReady] = useState(false);
  const delay = options?.delay;
  const timeout = options?.timeout;
  useEffect(() => whenIdle(() => setReady(true), { delay, timeout }), [delay, timeout]);
  return ready;
}
