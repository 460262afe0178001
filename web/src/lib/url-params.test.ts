import { describe, expect, it } from 'vitest';
import { confirmationLanding, isRecoveryLink, linkProblem, parseAuthParams } from './url-params.ts';

describe('parseAuthParams', () => {
  it('returns recovery tokens from the hash', () => {
    const params = parseAuthParams(
      'http://h/reset-password#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery',
    );
    expect(params.recovery).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(isRecoveryLink(params)).toBe(true);
  });

  it('returns not-recovery for a sign-up link or a bare URL', () => {
    expect(
      isRecoveryLink(
        parseAuthParams('http://h/dashboard#access_token=a&refresh_token=r&type=signup'),
      ),
    ).toBe(false);
    expect(isRecoveryLink(parseAuthParams('http://h/reset-password'))).toBe(false);
  });

  it('returns the error description of a failed link', () => {
    expect(
      parseAuthParams('http://h/auth#error=access_denied&error_description=Email+link+is+invalid')
        .errorDescription,
    ).toBe('Email link is invalid');
  });

  it('returns the PKCE code of a link, and none without one', () => {
    expect(parseAuthParams('http://h/reset-password?code=0b1c-2d&sb_flow_id=f').code).toBe(
      '0b1c-2d',
    );
    expect(parseAuthParams('http://h/reset-password#code=x').code).toBeNull();
    expect(parseAuthParams('http://h/reset-password?code=').code).toBeNull();
  });

  it('returns whether the page is the landing of a sign-up confirmation link', () => {
    expect(parseAuthParams(`${confirmationLanding('http://h')}&code=abc`).confirmed).toBe(true);
    expect(parseAuthParams('http://h/dashboard?code=abc').confirmed).toBe(false);
    expect(parseAuthParams('http://h/dashboard#confirmed=1').confirmed).toBe(false);
  });
});

describe('linkProblem', () => {
  it('reads an expired or used link from the hash or the query', () => {
    const hash = parseAuthParams(
      'http://h/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(hash.errorCode).toBe('otp_expired');
    expect(linkProblem(hash)).toEqual({ kind: 'expired' });
    const query = parseAuthParams(
      'http://h/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(linkProblem(query)).toEqual({ kind: 'expired' });
  });

  it('keeps the server description of another failure, and says nothing without one', () => {
    expect(
      linkProblem(
        parseAuthParams('http://h/auth?error=server_error&error_description=Database+unavailable'),
      ),
    ).toEqual({ kind: 'other', description: 'Database unavailable' });
    expect(linkProblem(parseAuthParams('http://h/auth'))).toBeNull();
    expect(linkProblem(parseAuthParams('http://h/auth?code=abc'))).toBeNull();
  });
});
