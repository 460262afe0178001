import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { Spinner } from './spinner.tsx';

/** Spec §2 page guard: a centred spinner while the session loads, then /auth or the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const t = useT();
  if (loading) return <Spinner label={t('app.loading')} centred />;
  if (!user) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}
