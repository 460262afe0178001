import { describe, expect, it } from 'vitest';
import {
  checkAuthReset,
  checkEmail,
  checkFeedback,
  checkProfileName,
  checkResetPage,
  checkSignIn,
  checkSignUp,
  forgotPasswordErrorKey,
} from './forms.ts';

describe('forms', () => {
  it('returns required-field problems for sign-in and sign-up', () => {
    expect(checkSignIn('', 'x')?.key).toBe('validation.emailRequired');
    expect(checkSignIn('a@b.c', '')?.key).toBe('validation.passwordRequired');
    expect(checkSignIn('a@b.c', 'x')).toBeNull();
    expect(checkSignUp(' ', 'a@b.c', 'secret1', 'secret1')?.key).toBe('validation.nameRequired');
  });

  it('returns the mismatch before the length on sign-up and auth reset', () => {
    expect(checkSignUp('A', 'a@b.c', 'abc', 'abd')?.key).toBe('validation.passwordsDoNotMatch');
    expect(checkSignUp('A', 'a@b.c', 'abcde', 'abcde')).toEqual({
      key: 'validation.passwordMinLength',
      params: { n: 6 },
    });
    expect(checkAuthReset('abcdef', 'abcdef')).toBeNull();
  });

  it('returns the reset page rules with minimum 8', () => {
    expect(checkResetPage('abcdefgh', 'abcdefgi')?.key).toBe('validation.passwordsDontMatch');
    expect(checkResetPage('abcdefg', 'abcdefg')?.params).toEqual({ n: 8 });
    expect(checkResetPage('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('returns the email pattern problem', () => {
    expect(checkEmail('nope')?.key).toBe('validation.invalidEmail');
    expect(checkEmail('learner@magyarul.local')).toBeNull();
  });

  it('returns feedback problems in spec order', () => {
    expect(checkFeedback(false, 't', 'd')?.key).toBe('feedback.loginRequired');
    expect(checkFeedback(true, '  ', 'd')?.key).toBe('feedback.fillAllFields');
    expect(checkFeedback(true, 'x'.repeat(101), 'd')?.key).toBe('feedback.titleTooLong');
    expect(checkFeedback(true, 't', 'x'.repeat(1001))?.key).toBe('feedback.descriptionTooLong');
    expect(checkFeedback(true, 'x'.repeat(100), 'x'.repeat(1000))).toBeNull();
  });

  it('returns name and forgot-password keys', () => {
    expect(checkProfileName('  ')?.key).toBe('validation.nameRequired');
    expect(checkProfileName(' Anna ')).toBeNull();
    expect(forgotPasswordErrorKey('User not found')).toBe('auth.noAccountForEmail');
    expect(forgotPasswordErrorKey('rate limit')).toBe('auth.genericError');
  });
});
