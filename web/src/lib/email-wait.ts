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

/**
 * How long to wait after any auth rate limit (429: too many sign-ins, sign-ups or e-mails), with
 * which one it was; undefined when the error is not a rate limit. Our server says the seconds in
 * the message ("… Try again in N seconds."), hosted GoTrue only for the e-mail spacing.
 */
export function rateLimitWait(
  error: unknown,
): { seconds: number | null; kind: WaitKind } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; status?: unknown; message?: unknown };
  const limits = ['over_request_rate_limit', 'over_email_send_rate_limit'];
  if (e.status !== 429 && !limits.includes(e.code as string)) return undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  const seconds = /(\d+)\s*seconds?/i.exec(message)?.[1];
  const kind: WaitKind =
    e.code === 'over_email_send_rate_limit' || /request this after/i.test(message)
      ? 'email'
      : 'attempts';
  return { seconds: seconds ? Number(seconds) : null, kind };
}

/** What the limit held back: e-mails, or sign-in and sign-up attempts. */
export type WaitKind = 'email' | 'attempts';

export type EmailWait = {
  /** Seconds until another e-mail (or attempt) may be made (0: now). */
  readonly left: number;
  /** Which limit was hit last. */
  readonly kind: WaitKind;
  /** The limit was hit without saying for how long. */
  readonly unknown: boolean;
  /** Whether the server has answered with the limit at least once on this screen. */
  readonly hit: boolean;
  /** Takes an error: true (and the countdown started) when it was the e-mail rate limit. */
  readonly handle: (error: unknown) => boolean;
};

function emailOnly(error: unknown): { seconds: number | null; kind: WaitKind } | undefined {
  const seconds = emailWaitSeconds(error);
  return seconds === undefined ? undefined : { seconds, kind: 'email' };
}

function useWait(detect: typeof rateLimitWait): EmailWait {
  const { left, start } = useCountdown();
  const [unknown, setUnknown] = useState(false);
  const [hit, setHit] = useState(false);
  const [kind, setKind] = useState<WaitKind>('email');
  const handle = useCallback(
    (error: unknown) => {
      const wait = detect(error);
      if (wait === undefined) return false;
      setHit(true);
      setKind(wait.kind);
      setUnknown(wait.seconds === null);
      if (wait.seconds !== null) start(wait.seconds);
      return true;
    },
    [detect, start],
  );
  return { left, kind, unknown, hit, handle };
}

/** The e-mail rate limit of one screen: what the server said, counted down. */
export function useEmailWait(): EmailWait {
  return useWait(emailOnly);
}

/** Every auth rate limit of a sign-in or sign-up form (attempts and e-mails), counted down. */
export function useRateLimitWait(): EmailWait {
  return useWait(rateLimitWait);
}
