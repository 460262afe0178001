// Fixed-window request limiter, per client address and endpoint (GoTrue limits per IP).

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request; false when the key is over its limit in the current window. */
  take(key: string, now = Date.now()): boolean {
    if (this.#windows.size > 10_000) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.#windows.set(key, { start: now, count: 1 });
      return this.limit > 0;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.windowMs) this.#windows.delete(key);
    }
  }
}
