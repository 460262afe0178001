/** Runs at most `concurrency` tasks at once; the rest wait their turn in order. */
export function createLimiter(concurrency: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = (): void => {
    running--;
    queue.shift()?.();
  };
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
export type Limiter = ReturnType<typeof createLimiter>;
