import { recoveryTokensFrom, type RecoveryTokens } from '@magyarul/core/validation';

/**
 * The auth parameters the page was opened with (a recovery or confirmation link puts them in
 * the hash, PKCE in the query). supabase-js clears the hash once it has read the session, so
 * they are captured once at start, before the client loads.
 */
export type AuthUrlParams = {
  /** The recovery tokens when the link has an access token, a refresh token and type=recovery. */
  readonly recovery: RecoveryTokens | null;
  readonly errorDescription: string | null;
};

export function parseAuthParams(href: string): AuthUrlParams {
  const url = new URL(href);
  const merged = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  for (const [key, value] of url.searchParams) merged.set(key, value);
  return {
    recovery: recoveryTokensFrom(merged.toString()),
    errorDescription: merged.get('error_description'),
  };
}

/** True when the link carries an access token, a refresh token and type=recovery. */
export function isRecoveryLink(params: AuthUrlParams): boolean {
  return params.recovery !== null;
}

export const initialAuthParams: AuthUrlParams =
  typeof window === 'undefined'
    ? { recovery: null, errorDescription: null }
    : parseAuthParams(window.location.href);
