import { describe, expect, it } from 'vitest';
import { emailWaitSeconds } from './email-wait.ts';

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
