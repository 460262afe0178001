import { describe, expect, it } from 'vitest';
import { emailWaitSeconds, rateLimitWait } from './email-wait.ts';

describe('emailWaitSeconds', () => {
  it('reads the seconds of the e-mail rate limit', () => {
    expect(
      emailWaitSeconds({
        status: 429,
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 53 seconds.',
      }),
    ).toBe(53);
    expect(
      emailWaitSeconds({
        status: 429,
        message: 'For security purposes, you can only request this after 1 second.',
      }),
    ).toBe(1);
  });

  it('is null for the limit without seconds, undefined for other errors', () => {
    expect(
      emailWaitSeconds({
        code: 'over_email_send_rate_limit',
        message: 'Email rate limit exceeded',
      }),
    ).toBeNull();
    expect(emailWaitSeconds({ status: 400, code: 'validation_failed', message: 'x' })).toBe(
      undefined,
    );
    expect(emailWaitSeconds(new Error('Failed to fetch'))).toBe(undefined);
    expect(emailWaitSeconds(null)).toBe(undefined);
  });
});

describe('rateLimitWait', () => {
  it('tells the attempt limits from the e-mail limits and reads their seconds', () => {
    expect(
      rateLimitWait({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Too many failed sign-in attempts. Try again in 30 seconds.',
      }),
    ).toEqual({ seconds: 30, kind: 'attempts' });
    expect(
      rateLimitWait({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      }),
    ).toEqual({ seconds: null, kind: 'attempts' });
    expect(
      rateLimitWait({
        status: 429,
        code: 'over_email_send_rate_limit',
        message: 'Email rate limit exceeded. Try again in 1200 seconds.',
      }),
    ).toEqual({ seconds: 1200, kind: 'email' });
  });

  it('is undefined for every other error', () => {
    expect(
      rateLimitWait({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      }),
    ).toBeUndefined();
    expect(rateLimitWait(new Error('Failed to fetch'))).toBeUndefined();
    expect(rateLimitWait(undefined)).toBeUndefined();
  });
});
