// Request limits as GoTrue keeps them: a token bucket per client address and endpoint that
// holds `limit` requests and refills at `limit` per window (hosted: 30 per 5 minutes, so a
// burst of 30, then one every 10 s), and a fixed window for the whole server (e-mails per hour).

/** What a limiter answers: allowed, or refused with the seconds until the next request may go. */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

const ALLOWED: Take = { ok: true };

function refused(ms: number): Take {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #perMs: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.#perMs = limit / windowMs;
  }

  /** Counts one request of `key`; refused when its bucket is empty. */
  take(key: string, now = Date.now()): Take {
    if (this.limit <= 0) return refused(this.windowMs);
    if (this.#buckets.size > 50_000) this.#sweep(now);
    const bucket = this.#buckets.get(key);
    const tokens = bucket
      ? Math.min(this.limit, bucket.tokens + (now - bucket.at) * this.#perMs)
      : this.limit;
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return refused((1 - tokens) / this.#perMs);
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    return ALLOWED;
  }

  /** Drops buckets that have refilled completely (they answer like new ones). */
  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * this.#perMs >= this.limit) this.#buckets.delete(key);
    }
  }
}

/** `limit` events per fixed interval for everything together (GoTrue's e-mail limiter). */
export class IntervalLimiter {
  #start: number;
  #count = 0;

  constructor(
    readonly limit: number,
    readonly intervalMs: number,
    now = Date.now(),
  ) {
    this.#start = now;
  }

  /** Counts `n` events at once: all of them, or none when they do not fit. */
  take(n = 1, now = Date.now()): Take {
    const elapsed = now - this.#start;
    if (elapsed >= this.intervalMs) {
      this.#start += Math.floor(elapsed / this.intervalMs) * this.intervalMs;
      this.#count = 0;
    }
    if (this.#count + n > this.limit) return refused(this.#start + this.intervalMs - now);
    this.#count += n;
    return ALLOWED;
  }
}

/**
 * The key a client address is counted under: IPv4 (also IPv4-mapped IPv6) as is, IPv6 by its
 * /64 network, since one subscriber usually holds a whole /64 and could otherwise step through it.
 */
export function addressKey(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = (plain.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') && tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
