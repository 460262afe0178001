// Wrong guesses at e-mailed codes: each code (known by the hash the server stored for it, so a
// new code starts from zero) may be guessed wrong WRONG_GUESSES_PER_CODE times; the guess that
// uses up the last one makes the caller delete the code, and its link then answers otp_expired.

export const WRONG_GUESSES_PER_CODE = 5;

const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 100_000;

export class CodeGuesses {
  readonly #misses = new Map<string, { count: number; at: number }>();

  /** Counts a wrong guess at the code stored as `stored`; true when that was its last one. */
  miss(stored: string, now = Date.now()): boolean {
    if (this.#misses.size >= MAX_ENTRIES) this.#sweep(now);
    const count = (this.#misses.get(stored)?.count ?? 0) + 1;
    this.#misses.delete(stored);
    if (count >= WRONG_GUESSES_PER_CODE) return true;
    this.#misses.set(stored, { count, at: now });
    return false;
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#misses) {
      if (now - entry.at > KEEP_MS || this.#misses.size >= MAX_ENTRIES) this.#misses.delete(key);
    }
  }
}
