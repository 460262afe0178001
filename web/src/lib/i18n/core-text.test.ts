import { describe, expect, it } from 'vitest';
import {
  validateFeedback,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
} from '@magyarul/core/validation';
import { translate } from './catalogue.ts';
import { de } from './de.ts';
import { es } from './es.ts';
import { localizeCoreText, recogniseCoreText } from './core-text.ts';
import type { Translate } from './i18n.tsx';

const german: Translate = (key, params) => translate(de, key, params);
const spanish: Translate = (key, params) => translate(es, key, params);

function failure(result: { ok: true } | { ok: false; message: string }): string {
  if (result.ok) throw new Error('expected the validation to fail');
  return result.message;
}

describe('localizeCoreText', () => {
  it('returns the key and parameters of a core validation message', () => {
    const message = failure(
      validateResetPassword({ password: 'short12', confirmPassword: 'short12' }),
    );
    expect(message).toBe('Password must be at least 8 characters');
    expect(recogniseCoreText(message)).toEqual({
      key: 'validation.passwordMinLength',
      params: { n: '8' },
    });
  });

  it('returns core validation messages in German and Spanish', () => {
    const mismatch = failure(
      validateSignUp({
        name: 'A',
        email: 'a@b.hu',
        password: 'secret1',
        confirmPassword: 'secret2',
      }),
    );
    expect(localizeCoreText(mismatch, german)).toBe(de['validation.passwordsDoNotMatch']);
    expect(localizeCoreText(mismatch, spanish)).toBe(es['validation.passwordsDoNotMatch']);
    const tooShort = failure(validateResetPassword({ password: 'abc', confirmPassword: 'abc' }));
    expect(localizeCoreText(tooShort, german)).toBe(
      translate(de, 'validation.passwordMinLength', { n: 8 }),
    );
    const email = failure(validateForgotPassword({ email: 'nope' }));
    expect(localizeCoreText(email, spanish)).toBe(es['validation.invalidEmail']);
    const blank = failure(validateFeedback({ title: ' ', description: 'd' }, { signedIn: true }));
    expect(localizeCoreText(blank, german)).toBe(de['feedback.fillAllFields']);
  });

  it('returns other texts unchanged', () => {
    expect(localizeCoreText('Invalid login credentials', german)).toBe('Invalid login credentials');
    expect(localizeCoreText('', german)).toBe('');
  });
});
