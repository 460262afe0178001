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
