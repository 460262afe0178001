import type { ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { notify } from '../../lib/toast.ts';
import { CodeForm } from './code-form.tsx';
import { assuranceQuery, verifyCode } from './mfa-api.ts';

/**
 * Shows its children once the session is as strong as the account asks: an admin with a
 * verified second factor who signed in with the password only (aal1) is asked for the code
 * first. The database refuses that admin's writes until then (is_admin() wants aal2); the
 * prompt says why instead of letting every save fail. Verifying fires MFA_CHALLENGE_VERIFIED,
 * whose new session re-runs the check.
 */
export function MfaGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { session } = useAuth();
  const token = session?.access_token ?? null;
  const assurance = useQuery({ ...assuranceQuery(token), placeholderData: keepPreviousData });
  const verify = useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) =>
      verifyCode(factorId, code),
    onSuccess: (ok) => {
      if (ok) notify.success(t('mfa.verified'));
    },
  });

  // Only the first check waits: a later one (a refreshed or upgraded session) keeps what is on
  // screen, so an open dialog below is not torn down by its own verification.
  if (!assurance.data) return <Spinner label={t('app.loading')} centred />;
  const { needsCode, factorId } = assurance.data;
  if (!needsCode || !factorId) return <>{children}</>;
  return (
    <main id="main" className="page narrow">
      <div className="card auth-card stack">
        <h1>{t('mfa.promptTitle')}</h1>
        <p>{t('mfa.promptText')}</p>
        <CodeForm submit={(code) => verify.mutateAsync({ factorId, code })} />
      </div>
    </main>
  );
}
