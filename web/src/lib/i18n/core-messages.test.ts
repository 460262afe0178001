import { describe, expect, it } from 'vitest';
import { checkUpload } from '@magyarul/core/files';
import {
  validateFeedback,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
} from '@magyarul/core/validation';
import { translate } from './catalogue.ts';
import { de } from './de.ts';
import { es } from './es.ts';

// Core hands over { key, params }; the app renders them through its own catalogue, so a
// message core produces reads in the reader's language with its values filled in.
function failure<R extends { ok: boolean }>(result: R): Exclude<R, { ok: true }> {
  if (result.ok) throw new Error('expected the validation to fail');
  return result as Exclude<R, { ok: true }>;
}

describe('core messages in the interface languages', () => {
  it('returns validation failures in German and Spanish by key and parameters', () => {
    const tooShort = failure(validateResetPassword({ password: 'abc', confirmPassword: 'abc' }));
    expect(tooShort).toMatchObject({ key: 'validation.passwordMinLength', params: { n: 8 } });
    expect(translate(de, tooShort.key, tooShort.params)).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein',
    );
    expect(translate(es, tooShort.key, tooShort.params)).toMatch(/8/);
    expect(translate(es, tooShort.key, tooShort.params)).not.toBe(tooShort.message);

    const mismatch = failure(
      validateSignUp({ name: 'A', email: 'a@b.hu', password: 'secret1', confirmPassword: 'x' }),
    );
    expect(translate(de, mismatch.key, mismatch.params)).toBe(de['validation.passwordsDoNotMatch']);
    const email = failure(validateForgotPassword({ email: 'nope' }));
    expect(translate(es, email.key, email.params)).toBe(es['validation.invalidEmail']);
    const blank = failure(validateFeedback({ title: ' ', description: 'd' }, { signedIn: true }));
    expect(translate(de, blank.key, blank.params)).toBe(de['feedback.fillAllFields']);
  });

  it('returns a file rejection with its limit in the reader’s language', () => {
    const rejection = checkUpload('create-audio', {
      name: 'a.mp3',
      size: 51 * 1024 ** 2,
      type: '',
    });
    if (rejection.ok) throw new Error('expected a rejection');
    expect(rejection.message).toBe('File too large. Max: 50MB');
    const german = translate(de, rejection.key, rejection.params);
    expect(german).toContain('50');
    expect(german).not.toBe(rejection.message);
  });
});
