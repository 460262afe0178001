import { useCallback, useEffect, useState } from 'react';

/**
 * How long to wait before another auth e-mail: GoTrue answers 429 over_email_send_rate_limit
 * with "For security purposes, you can only request this after N seconds." Returns the seconds
 * (null when the answer does not say), or undefined when the error is not that limit.
 */
export function emailWaitSeconds(error: unknown): number | null | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; status?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  const limited =
    e.code === 'over_email_send_rate_limit' ||
    (e.status === 429 && /request this after|rate limit/i.test(message));
  if (!limited) return undefined;
  const seconds = /(\d+)\s*seconds?/i.exec(message)?.[1];
  return seconds ? Number(seconds) : null;
}

/**
 * A countdown in whole seconds to the moment another e-mail may be requested: `start(n)` sets
 * it, `left` is what remains (0 when free), updated every second from the clock.
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const tick = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        window.clearInterval(tick);
        setUntil(null);
      }
    }, 250);
    return () => window.clearInterval(tick);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);
  return { left: until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)), start };
}

export type EmailWait = {
  /** Seconds until another e-mail may be requested (0: now). */
  readonly left: number;
  /** The limit was hit without saying for how long. */
  readonly unknown: boolean;
  /** Whether the server has answered with the limit at least once on this screen. */
  readonly hit: boolean;
  /** Takes an error: true (and the countdown started) when it was the e-mail rate limit. */
  readonly handle: (error: unknown) => boolean;
};

/** The e-mail rate limit of one screen: what the server said, counted down. */
export function useEmailWait(): EmailWait {
  const { left, start } = useCountdown();
  const [unknown, setUnknown] = useState(false);
  const [hit, setHit] = useState(false);
  const handle = useCallback(
    (error: unknown) => {
      const seconds = emailWaitSeconds(error);
      if (seconds === undefined) return false;
      setHit(true);
      setUnknown(seconds === null);
      if (seconds !== null) start(seconds);
      return true;
    },
    [start],
  );
  return { left, unknown, hit, handle };
}
