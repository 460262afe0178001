/**
 * The auth parameters the page was opened with (a recovery or confirmation link puts them in
 * the hash, PKCE in the query). supabase-js clears the hash once it has read the session, so
 * they are captured once at start, before the client loads.
 */
export type AuthUrlParams = {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly type: string | null;
  readonly errorDescription: string | null;
};

export function parseAuthParams(href: string): AuthUrlParams {
  const url = new URL(href);
  const merged = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  for (const [key, value] of url.searchParams) merged.set(key, value);
  return {
    accessToken: merged.get('access_token'),
    refreshToken: merged.get('refresh_token'),
    type: merged.get('type'),
    errorDescription: merged.get('error_description'),
  };
}

/** True when the link carries an access token, a refresh token and type=recovery. */
export function isRecoveryLink(params: AuthUrlParams): boolean {
  return Boolean(params.accessToken && params.refreshToken && params.type === 'recovery');
}

export const initialAuthParams: AuthUrlParams =
  typeof window === 'undefined'
    ? { accessToken: null, refreshToken: null, type: null, errorDescription: null }
    : parseAuthParams(window.location.href);
