import type { MessageKey } from '@magyarul/core/messages';

// Form rules of spec/learner-side.md §5. Each returns the first problem as a message key with
// its parameters, or null when the input is acceptable.
export type FormProblem = {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, number>>;
};

export const AUTH_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_DESCRIPTION_MAX = 1000;
export const FEEDBACK_TYPES = ['bug', 'feature', 'content', 'general'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkSignIn(email: string, password: string): FormProblem | null {
  if (!email.trim()) return { key: 'validation.emailRequired' };
  if (!password) return { key: 'validation.passwordRequired' };
  return null;
}

export function checkSignUp(
  name: string,
  email: string,
  password: string,
  confirm: string,
): FormProblem | null {
  if (!name.trim()) return { key: 'validation.nameRequired' };
  if (!email.trim()) return { key: 'validation.emailRequired' };
  if (!password) return { key: 'validation.passwordRequired' };
  if (!confirm) return { key: 'validation.confirmPasswordRequired' };
  return checkNewPassword(password, confirm, AUTH_PASSWORD_MIN, 'validation.passwordsDoNotMatch');
}

/** Password reset mode on /auth: match, then at least 6 characters. */
export function checkAuthReset(password: string, confirm: string): FormProblem | null {
  return checkNewPassword(password, confirm, AUTH_PASSWORD_MIN, 'validation.passwordsDoNotMatch');
}

/** The /reset-password page: "Passwords don't match", then at least 8 characters. */
export function checkResetPage(password: string, confirm: string): FormProblem | null {
  return checkNewPassword(password, confirm, RESET_PASSWORD_MIN, 'validation.passwordsDontMatch');
}

function checkNewPassword(
  password: string,
  confirm: string,
  min: number,
  mismatch: 'validation.passwordsDoNotMatch' | 'validation.passwordsDontMatch',
): FormProblem | null {
  if (password !== confirm) return { key: mismatch };
  if (password.length < min) return { key: 'validation.passwordMinLength', params: { n: min } };
  return null;
}

export function checkEmail(email: string): FormProblem | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : { key: 'validation.invalidEmail' };
}

export function checkFeedback(
  signedIn: boolean,
  title: string,
  description: string,
): FormProblem | null {
  if (!signedIn) return { key: 'feedback.loginRequired' };
  if (!title.trim() || !description.trim()) return { key: 'feedback.fillAllFields' };
  if (title.length > FEEDBACK_TITLE_MAX)
    return { key: 'feedback.titleTooLong', params: { n: FEEDBACK_TITLE_MAX } };
  if (description.length > FEEDBACK_DESCRIPTION_MAX)
    return { key: 'feedback.descriptionTooLong', params: { n: FEEDBACK_DESCRIPTION_MAX } };
  return null;
}

export function checkProfileName(name: string): FormProblem | null {
  return name.trim() ? null : { key: 'validation.nameRequired' };
}

/** Forgot-password failures: 'not found' in the provider's message names the account case. */
export function forgotPasswordErrorKey(message: string): MessageKey {
  return message.toLowerCase().includes('not found')
    ? 'auth.noAccountForEmail'
    : 'auth.genericError';
}
