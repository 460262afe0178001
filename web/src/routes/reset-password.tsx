import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { getSupabase } from '../lib/supabase.ts';
import { afterUserUpdates } from '../lib/user-updates.ts';
import { expiredResetLinkMessage, validateResetPassword } from '@magyarul/core/validation';
import { initialAuthParams, linkProblem } from '../lib/url-params.ts';
import { ButtonLink } from '../components/button.tsx';
import { notify } from '../lib/toast.ts';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { Spinner } from '../components/spinner.tsx';

const REDIRECT_AFTER_MS = 3000;

export function ResetPasswordPage() {
  const t = useT();
  const { loading, session, recovery } = useAuth();
  const [done, setDone] = useState(false);
  // A PKCE link carries only a code; whether it was a recovery code is known once exchanged.
  const hasLink = recovery || (loading && initialAuthParams.code !== null);
  // A link that failed comes back with error_description (hash or query): say what happened.
  const problem = linkProblem(initialAuthParams);
  const expired = expiredResetLinkMessage();
  const problemText = !problem
    ? t(expired.key, expired.params)
    : problem.kind === 'expired'
      ? `${t('auth.linkExpired')} ${t(expired.key, expired.params)}`
      : t('auth.linkFailed', { reason: problem.description });

  let content;
  if (done) {
    content = <ResetSuccess />;
  } else if (hasLink && loading) {
    content = <Spinner label={t('app.loading')} />;
  } else if (!hasLink || !session) {
    content = (
      <div className="stack">
        <h1>{t('auth.resetTitle')}</h1>
        <p role="alert">{problemText}</p>
        <ButtonLink to="/forgot-password">{t('auth.requestNewLink')}</ButtonLink>
      </div>
    );
  } else {
    content = <ResetForm onDone={() => setDone(true)} />;
  }

  return (
    <>
      <SiteHeader />
      <main id="main" className="page narrow">
        <div className="card auth-card">{content}</div>
      </main>
    </>
  );
}

function ResetSuccess() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/auth'), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="stack" role="status">
      <h1>{t('auth.resetSuccessTitle')}</h1>
      <p>{t('auth.passwordUpdated')}</p>
      <p className="muted">{t('auth.redirecting')}</p>
    </div>
  );
}

function ResetForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const save = async (password: string): Promise<string | null> => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) throw error;
      // The recovery session has served its purpose; the learner signs in with the new password.
      await afterUserUpdates(() => supabase.auth.signOut({ scope: 'local' }));
      notify.success(t('auth.passwordUpdated'));
      onDone();
      return null;
    } catch (error) {
      console.error('Updating the password failed', error);
      return t('auth.resetFailed');
    }
  };
  return (
    <NewPasswordForm title={t('auth.resetTitle')} validate={validateResetPassword} save={save} />
  );
}
