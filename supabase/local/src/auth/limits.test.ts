import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { CodeGuesses, WRONG_GUESSES_PER_CODE } from './code-guesses.ts';
import { authOptionsFromEnv } from './options.ts';
import { PasswordThrottle } from './password-throttle.ts';
import { addressKey, IntervalLimiter, RateLimiter } from './rate-limit.ts';

// The pieces of the auth limits on their own, with explicit clocks; the attacks against a
// running server are in tests/security/auth-*.test.ts.

describe('RateLimiter (token bucket per key)', () => {
  it('lets a burst of `limit` through, then one more per window/limit, per key', () => {
    const limiter = new RateLimiter(30, 300_000);
    for (let n = 0; n < 30; n += 1) expect(limiter.take('a', 0).ok).toBe(true);
    const refused = limiter.take('a', 0);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(limiter.take('b', 0).ok).toBe(true);
    expect(limiter.take('a', 9_000).ok).toBe(false);
    expect(limiter.take('a', 10_000).ok).toBe(true);
    expect(limiter.take('a', 10_000).ok).toBe(false);
    // A full window later the whole burst is back, never more.
    for (let n = 0; n < 30; n += 1) expect(limiter.take('a', 1_000_000).ok).toBe(true);
    expect(limiter.take('a', 1_000_000).ok).toBe(false);
  });

  it('refuses everything at a limit of 0', () => {
    expect(new RateLimiter(0, 300_000).take('a', 0)).toEqual({
      ok: false,
      retryAfterSeconds: 300,
    });
  });
});

describe('IntervalLimiter (everything together per fixed interval)', () => {
  it('counts events per interval and says when the next interval starts', () => {
    const limiter = new IntervalLimiter(3, 3_600_000, 0);
    expect(limiter.take(2, 1_000).ok).toBe(true);
    expect(limiter.take(2, 2_000)).toEqual({ ok: false, retryAfterSeconds: 3_598 });
    expect(limiter.take(1, 2_000).ok).toBe(true);
    expect(limiter.take(1, 3_599_999).ok).toBe(false);
    expect(limiter.take(3, 3_600_000).ok).toBe(true);
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('PasswordThrottle', () => {
  it('waits 30 s after the fifth failure, twice as long after each further one, at most 15 min', () => {
    const throttle = new PasswordThrottle();
    let now = 0;
    for (let n = 1; n < 5; n += 1) expect(throttle.fail('k', now)).toBe(0);
    expect(throttle.wait('k', now)).toBe(0);
    const delays: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      const delay = throttle.fail('k', now);
      delays.push(delay);
      expect(throttle.wait('k', now + delay * 1000 - 1)).toBe(1);
      now += delay * 1000;
      expect(throttle.wait('k', now)).toBe(0);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(throttle.wait('other', now)).toBe(0);
  });

  it('forgets on success and after a day without failures', () => {
    const throttle = new PasswordThrottle();
    for (let n = 0; n < 5; n += 1) throttle.fail('k', 0);
    expect(throttle.wait('k', 0)).toBe(30);
    throttle.succeed('k');
    expect(throttle.wait('k', 0)).toBe(0);
    for (let n = 0; n < 6; n += 1) throttle.fail('k', 0);
    const day = 24 * 60 * 60_000;
    expect(throttle.wait('k', day + 1)).toBe(0);
    expect(throttle.fail('k', day + 2)).toBe(0);
  });
});

describe('CodeGuesses', () => {
  it('uses up a code on its fifth wrong guess, each code counted alone', () => {
    const guesses = new CodeGuesses();
    for (let n = 1; n < WRONG_GUESSES_PER_CODE; n += 1) expect(guesses.miss('hash-a')).toBe(false);
    expect(guesses.miss('hash-b')).toBe(false);
    expect(guesses.miss('hash-a')).toBe(true);
  });
});

describe('auth settings', () => {
  it("read supabase/config.toml: hosted's limits, a one-hour, six-digit code", () => {
    const options = authOptionsFromEnv({}, join(REPO_ROOT, 'supabase'));
    expect(options).toMatchObject({
      otpExpirySeconds: 3600,
      otpLength: 6,
      emailMinIntervalSeconds: 60,
      signInSignUpsPer5Min: 30,
      tokenVerificationsPer5Min: 30,
      tokenRefreshesPer5Min: 150,
      emailsPerHour: 30,
      enableSignup: true,
      doubleConfirmChanges: true,
    });
  });

  it("fall back to hosted's defaults without a config.toml and let the environment raise them", () => {
    const defaults = authOptionsFromEnv({}, undefined);
    expect(defaults.otpExpirySeconds).toBe(3600);
    expect(defaults.signInSignUpsPer5Min).toBe(30);
    const dir = mkdtempSync(join(tmpdir(), 'magyarul-auth-toml-'));
    try {
      writeFileSync(
        join(dir, 'config.toml'),
        '[auth]\nenable_signup = false\n[auth.email]\nmax_frequency = "2m30s"\notp_length = 8\n' +
          'otp_expiry = 600\n[auth.rate_limit]\nsign_in_sign_ups = 5\nemail_sent = 2\n',
      );
      const fromFile = authOptionsFromEnv({}, dir);
      expect(fromFile).toMatchObject({
        enableSignup: false,
        emailMinIntervalSeconds: 150,
        otpLength: 8,
        otpExpirySeconds: 600,
        signInSignUpsPer5Min: 5,
        emailsPerHour: 2,
      });
      const raised = authOptionsFromEnv(
        { AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', AUTH_RATE_LIMIT_EMAIL_SENT: '500' },
        dir,
      );
      expect(raised.signInSignUpsPer5Min).toBe(1000);
      expect(raised.emailsPerHour).toBe(500);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
