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
};

export function parseAuthParams(href: string): AuthUrlParams {
  const url = new URL(href);
  const merged = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  for (const [key, value] of url.searchParams) merged.set(key, value);
  return {
    recovery: recoveryTokensFrom(merged.toString()),
    code: url.searchParams.get('code') || null,
    errorDescription: merged.get('error_description'),
  };
}

/** True when the link carries an access token, a refresh token and type=recovery. */
export function isRecoveryLink(params: AuthUrlParams): boolean {
  return params.recovery !== null;
}

export const initialAuthParams: AuthUrlParams =
  typeof window === 'undefined'
    ? { recovery: null, code: null, errorDescription: null }
    : parseAuthParams(window.location.href);
