import { message, type Message, type Rendered } from '../messages/index.ts';
import { isValidEmail } from './email.ts';
import { ErrorCollector, text, type Validation } from './result.ts';

/** /auth (sign-up and reset mode) asks for 6 characters, /reset-password for 8. */
export const AUTH_PAGE_PASSWORD_MIN = 6;
export const RESET_PAGE_PASSWORD_MIN = 8;

export type Credentials = { readonly email: string; readonly password: string };

/** Login tab: e-mail and password required. The password is never trimmed. */
export function validateSignIn(input: {
  email: string;
  password: string;
}): Validation<Credentials, 'email' | 'password'> {
  const errors = new ErrorCollector<'email' | 'password'>();
  const email = text(input.email);
  if (email === '') errors.add('email', 'validation.emailRequired');
  if (input.password === '') errors.add('password', 'validation.passwordRequired');
  return errors.result(() => ({ email, password: input.password }));
}

type PasswordPair = { password: string; confirmPassword: string };
type PasswordFields = 'password' | 'confirmPassword';

function checkPasswords<F extends string>(
  errors: ErrorCollector<F | PasswordFields>,
  input: PasswordPair,
  min: number,
  mismatch: 'validation.passwordsDoNotMatch' | 'validation.passwordsDontMatch',
): void {
  if (input.password === '') errors.add('password', 'validation.passwordRequired');
  else if (input.password.length < min) {
    errors.add('password', 'validation.passwordMinLength', { n: min });
  }
  if (input.confirmPassword === '')
    errors.add('confirmPassword', 'validation.confirmPasswordRequired');
  else if (input.password !== input.confirmPassword) errors.add('confirmPassword', mismatch);
}

export type SignUp = Credentials & { readonly name: string };

/** Sign Up tab: name, e-mail, password (min 6) and a matching confirmation. */
export function validateSignUp(input: {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}): Validation<SignUp, 'name' | 'email' | PasswordFields> {
  const errors = new ErrorCollector<'name' | 'email' | PasswordFields>();
  const name = text(input.name);
  const email = text(input.email);
  if (name === '') errors.add('name', 'validation.nameRequired');
  if (email === '') errors.add('email', 'validation.emailRequired');
  else if (!isValidEmail(email)) errors.add('email', 'validation.invalidEmail');
  checkPasswords(errors, input, AUTH_PAGE_PASSWORD_MIN, 'validation.passwordsDoNotMatch');
  return errors.result(() => ({ name, email, password: input.password }));
}

/** 'Reset Your Password' mode on /auth: min 6, 'Passwords do not match'. */
export function validateAuthPasswordReset(
  input: PasswordPair,
): Validation<{ password: string }, PasswordFields> {
  const errors = new ErrorCollector<PasswordFields>();
  checkPasswords(errors, input, AUTH_PAGE_PASSWORD_MIN, 'validation.passwordsDoNotMatch');
  return errors.result(() => ({ password: input.password }));
}

/** /reset-password: min 8, "Passwords don't match" (the spec's two pages differ on purpose). */
export function validateResetPassword(
  input: PasswordPair,
): Validation<{ password: string }, PasswordFields> {
  const errors = new ErrorCollector<PasswordFields>();
  checkPasswords(errors, input, RESET_PAGE_PASSWORD_MIN, 'validation.passwordsDontMatch');
  return errors.result(() => ({ password: input.password }));
}

/** /forgot-password: the e-mail must match the simple address pattern. */
export function validateForgotPassword(input: {
  email: string;
}): Validation<{ email: string }, 'email'> {
  const errors = new ErrorCollector<'email'>();
  const email = text(input.email);
  if (!isValidEmail(email)) errors.add('email', 'validation.invalidEmail');
  return errors.result(() => ({ email }));
}

export type RecoveryTokens = { readonly accessToken: string; readonly refreshToken: string };

/**
 * Reads the recovery tokens from a link's hash or query ('#access_token=…&refresh_token=…&
 * type=recovery'). Null when any of the three is missing: the caller shows
 * `expiredResetLinkMessage()` on /reset-password and stays in login mode on /auth.
 */
export function recoveryTokensFrom(hashOrQuery: string): RecoveryTokens | null {
  const params = new Map<string, string>();
  for (const part of hashOrQuery.replace(/^[#?]/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    try {
      params.set(part.slice(0, eq), decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' ')));
    } catch {
      // A malformed escape is treated as a missing parameter.
    }
  }
  const accessToken = params.get('access_token') ?? '';
  const refreshToken = params.get('refresh_token') ?? '';
  if (accessToken === '' || refreshToken === '' || params.get('type') !== 'recovery') return null;
  return { accessToken, refreshToken };
}

export function expiredResetLinkMessage(): Message & Rendered {
  return message('auth.resetLinkExpired');
}

/** Forgot-password failure text: 'not found' in the provider's message means no account. */
export function forgotPasswordErrorMessage(providerMessage: string): Message & Rendered {
  return providerMessage.toLowerCase().includes('not found')
    ? message('auth.noAccountForEmail')
    : message('auth.genericError');
}
