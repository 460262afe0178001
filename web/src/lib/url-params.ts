import { recoveryTokensFrom, type RecoveryTokens } from '@magyarul/core/validation';

/**
 * The auth parameters the page was opened with (a recovery or confirmation link puts them in
 * the hash, PKCE a code in the query). supabase-js clears both once it has read them, so they
 * are captured once at start, before the client loads.
 */
export type AuthUrlParams = {
  /** The recovery tokens when the link has an access token, a refresh token and type=recovery. */
  readonly recovery: RecoveryTokens | null;
  /** The PKCE auth code (`?code=`) an e-mail link of the PKCE flow lands with. */
  readonly code: string | null;
  readonly errorDescription: string | null;
  /** GoTrue's error_code of a failed link, e.g. otp_expired. */
  readonly errorCode: string | null;
  /** The page is where a sign-up confirmation link lands (`?confirmed=1`, set at sign-up). */
  readonly confirmed: boolean;
};

/** Marks the sign-up confirmation link's landing page (issue 29: new learners are welcomed). */
export const CONFIRMED_PARAM = 'confirmed';

/** Where a sign-up confirmation link lands: the dashboard, marked as such. */
export function confirmationLanding(origin: string): string {
  return `${origin}/dashboard?${CONFIRMED_PARAM}=1`;
}

export function parseAuthParams(href: string): AuthUrlParams {
  const url = new URL(href);
  const merged = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  for (const [key, value] of url.searchParams) merged.set(key, value);
  return {
    recovery: recoveryTokensFrom(merged.toString()),
    code: url.searchParams.get('code') || null,
    errorDescription: merged.get('error_description'),
    errorCode: merged.get('error_code'),
    confirmed: url.searchParams.get(CONFIRMED_PARAM) === '1',
  };
}

/** True when the link carries an access token, a refresh token and type=recovery. */
export function isRecoveryLink(params: AuthUrlParams): boolean {
  return params.recovery !== null;
}

export const initialAuthParams: AuthUrlParams =
  typeof window === 'undefined'
    ? { recovery: null, code: null, errorDescription: null, errorCode: null, confirmed: false }
    : parseAuthParams(window.location.href);

/** A failed e-mail link: expired or used (GoTrue's otp_expired), or refused for another reason. */
export type LinkProblem =
  { readonly kind: 'expired' } | { readonly kind: 'other'; readonly description: string };

/** What went wrong with the e-mail link the page was opened from, or null when nothing did. */
export function linkProblem(params: AuthUrlParams): LinkProblem | null {
  const description = params.errorDescription?.trim();
  if (!description && !params.errorCode) return null;
  if (params.errorCode === 'otp_expired' || /expired|invalid/i.test(description ?? '')) {
    return { kind: 'expired' };
  }
  return { kind: 'other', description: description || (params.errorCode ?? '') };
}
