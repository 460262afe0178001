// The throttle of password sign-in per account and client address: after FREE_FAILURES wrong
// passwords for one e-mail from one address, that address waits before it may try the account
// again, 30 s and then twice as long after each further failure, at most 15 minutes. A success
// or a day without failures forgets it. The key includes the address, so a stranger guessing
// elsewhere never locks the owner out; unknown addresses are throttled alike (no account
// enumeration). The per-address limit of auth/limits.ts bounds all accounts together.

export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;
const FORGET_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 100_000;

type Entry = { failures: number; last: number; until: number };

export class PasswordThrottle {
  readonly #entries = new Map<string, Entry>();

  /** Seconds `key` must still wait before its next attempt; 0 when it may try now. */
  wait(key: string, now = Date.now()): number {
    const entry = this.#entries.get(key);
    if (!entry) return 0;
    if (now - entry.last > FORGET_MS) {
      this.#entries.delete(key);
      return 0;
    }
    return entry.until > now ? Math.max(1, Math.ceil((entry.until - now) / 1000)) : 0;
  }

  /** Records a wrong password; returns the seconds until the next attempt (0: none yet). */
  fail(key: string, now = Date.now()): number {
    if (this.#entries.size >= MAX_ENTRIES) this.#sweep(now);
    const previous = this.#entries.get(key);
    const failures = previous && now - previous.last <= FORGET_MS ? previous.failures + 1 : 1;
    const delay =
      failures < FREE_FAILURES
        ? 0
        : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
    this.#entries.delete(key);
    this.#entries.set(key, { failures, last: now, until: now + delay });
    return Math.ceil(delay / 1000);
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  /** Forgets old entries, and when still full the least recently failed ones. */
  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.last > FORGET_MS || this.#entries.size >= MAX_ENTRIES) {
        this.#entries.delete(key);
      }
    }
  }
}
