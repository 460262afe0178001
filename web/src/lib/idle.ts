import { startTransition, useEffect, useState } from 'react';

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
 * below the first screen, so they render after the first screen is painted, in slices.
 */
export function useIdleReady(options?: { delay?: number; timeout?: number }): boolean {
  const [ready, setReady] = useState(false);
  const delay = options?.delay;
  const timeout = options?.timeout;
  // A transition: React renders what was held back in slices between frames, not as one task.
  useEffect(
    () => whenIdle(() => startTransition(() => setReady(true)), { delay, timeout }),
    [delay, timeout],
  );
  return ready;
}

/**
 * How many of `total` items to render: `first` with the page, then `step` more each time the
 * browser is idle (a transition each), so a long list is laid out in small commits between
 * frames rather than in one long task after the first paint.
 */
export function useIdleCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  const more = count < total;
  useEffect(() => {
    if (!more) return;
    return whenIdle(() => startTransition(() => setCount((shown) => shown + step)), {
      timeout: 1000,
    });
  }, [more, count, step]);
  return Math.min(count, total);
}
