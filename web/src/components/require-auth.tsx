import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { CONFIRMED_PARAM, initialAuthParams } from '../lib/url-params.ts';
import { Spinner } from './spinner.tsx';

/** What /auth is told when a sign-up was confirmed in a browser that cannot sign in from it. */
export type ConfirmedState = { readonly confirmed: true };

let welcomed = false;

/**
 * Spec §2 page guard: a centred spinner while the session loads, then /auth or the page. The
 * landing of a sign-up confirmation link (issue 29) welcomes the new learner once; opened in
 * another browser than the sign-up's (PKCE: no session can come of it there), it goes to /auth
 * saying the address is confirmed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const t = useT();
  const welcome = user !== null && initialAuthParams.confirmed && !welcomed;
  useEffect(() => {
    if (!welcome) return;
    welcomed = true;
    notify.success(t('auth.welcome'));
    const url = new URL(window.location.href);
    url.searchParams.delete(CONFIRMED_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, [welcome, t]);
  if (loading) return <Spinner label={t('app.loading')} centred />;
  if (!user) {
    const state: ConfirmedState | undefined = initialAuthParams.confirmed
      ? { confirmed: true }
      : undefined;
    return <Navigate to="/auth" replace state={state} />;
  }
  return <>{children}</>;
}
