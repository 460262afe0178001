import { describe, expect, it } from 'vitest';
import {
  expiredResetLinkMessage,
  forgotPasswordErrorMessage,
  recoveryTokensFrom,
  validateAuthPasswordReset,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from './auth.ts';

describe('auth form validation', () => {
  it('returns the trimmed e-mail and untouched password on sign-in', () => {
    expect(validateSignIn({ email: ' anna@example.hu ', password: ' secret ' })).toEqual({
      ok: true,
      value: { email: 'anna@example.hu', password: ' secret ' },
    });
  });

  it('returns required errors on an empty sign-in', () => {
    expect(validateSignIn({ email: '  ', password: '' })).toEqual({
      ok: false,
      errors: {
        email: { key: 'validation.emailRequired', params: {}, message: 'Email is required' },
        password: {
          key: 'validation.passwordRequired',
          params: {},
          message: 'Password is required',
        },
      },
      key: 'validation.emailRequired',
      params: {},
      message: 'Email is required',
    });
  });

  it('returns the sign-up value with name and e-mail trimmed', () => {
    const result = validateSignUp({
      name: ' Kovács Anna ',
      email: 'anna@example.hu',
      password: 'titok1',
      confirmPassword: 'titok1',
    });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Kovács Anna', email: 'anna@example.hu', password: 'titok1' },
    });
  });

  it('returns the sign-up errors with the spec texts', () => {
    const short = validateSignUp({
      name: '',
      email: 'nope',
      password: '12345',
      confirmPassword: '12345',
    });
    expect(short).toMatchObject({
      ok: false,
      errors: {
        name: { message: 'Name is required' },
        email: { message: 'Please enter a valid email address' },
        password: {
          key: 'validation.passwordMinLength',
          params: { n: 6 },
          message: 'Password must be at least 6 characters',
        },
      },
    });
    const mismatch = validateSignUp({
      name: 'A',
      email: 'a@b.hu',
      password: '123456',
      confirmPassword: '123457',
    });
    expect(mismatch).toMatchObject({ ok: false, message: 'Passwords do not match' });
    const missing = validateSignUp({ name: 'A', email: '', password: '', confirmPassword: '' });
    expect(missing).toMatchObject({
      errors: {
        email: { message: 'Email is required' },
        password: { message: 'Password is required' },
        confirmPassword: { message: 'Please confirm your password' },
      },
    });
  });

  it('returns min 6 and "do not match" in the /auth reset mode', () => {
    expect(validateAuthPasswordReset({ password: '123456', confirmPassword: '123456' })).toEqual({
      ok: true,
      value: { password: '123456' },
    });
    expect(
      validateAuthPasswordReset({ password: '12345', confirmPassword: '12345' }),
    ).toMatchObject({
      message: 'Password must be at least 6 characters',
    });
    expect(validateAuthPasswordReset({ password: '123456', confirmPassword: 'x' })).toMatchObject({
      message: 'Passwords do not match',
    });
  });

  it('returns min 8 and "don\'t match" on /reset-password', () => {
    expect(
      validateResetPassword({ password: '1234567', confirmPassword: '1234567' }),
    ).toMatchObject({
      message: 'Password must be at least 8 characters',
    });
    expect(
      validateResetPassword({ password: '12345678', confirmPassword: '1234567' }),
    ).toMatchObject({
      message: "Passwords don't match",
    });
    expect(validateResetPassword({ password: '12345678', confirmPassword: '12345678' }).ok).toBe(
      true,
    );
  });

  it.each([
    ['anna@example.hu', true],
    [' anna@example.hu ', true],
    ['anna@example', false],
    ['anna example@x.hu', false],
    ['@x.hu', false],
    ['', false],
  ])('returns the forgot-password check of %j', (email, ok) => {
    const result = validateForgotPassword({ email });
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.errors.email).toEqual({
        key: 'validation.invalidEmail',
        params: {},
        message: 'Please enter a valid email address',
      });
    }
  });

  it('returns the recovery tokens only when all three parameters are present', () => {
    expect(recoveryTokensFrom('#access_token=a%2Bb&refresh_token=r&type=recovery')).toEqual({
      accessToken: 'a+b',
      refreshToken: 'r',
    });
    expect(recoveryTokensFrom('?type=recovery&access_token=a&refresh_token=r&x')).not.toBeNull();
    expect(recoveryTokensFrom('#access_token=a&refresh_token=r&type=signup')).toBeNull();
    expect(recoveryTokensFrom('#access_token=a&type=recovery')).toBeNull();
    expect(recoveryTokensFrom('#access_token=%E0%A4%A&refresh_token=r&type=recovery')).toBeNull();
    expect(recoveryTokensFrom('')).toBeNull();
    expect(expiredResetLinkMessage()).toEqual({
      key: 'auth.resetLinkExpired',
      params: {},
      message: 'This reset link has expired. Please request a new one.',
    });
  });

  it('returns the forgot-password failure text by the provider message', () => {
    expect(forgotPasswordErrorMessage('User not found')).toMatchObject({
      key: 'auth.noAccountForEmail',
      message: 'No account found with this email address',
    });
    expect(forgotPasswordErrorMessage('rate limited')).toMatchObject({
      key: 'auth.genericError',
      message: 'An error occurred. Please try again.',
    });
  });
});
