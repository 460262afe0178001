import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';
import { getSupabase } from '../lib/supabase.ts';
import { forgotPasswordErrorMessage, validateForgotPassword } from '@magyarul/core/validation';
import { notify } from '../lib/toast.ts';
import { Button } from '../components/button.tsx';
import { Field, FormError } from '../components/form.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { EmailWaitNote } from '../components/email-wait-note.tsx';
import { useEmailWait } from '../lib/email-wait.ts';

export function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useEmailWait();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForgotPassword({ email });
    setProblem(checked.ok ? null : t(checked.key, checked.params));
    if (!checked.ok) return;
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.resetPasswordForEmail(checked.value.email, {
        redirectTo: `${window.location.origin}/reset-password`,
      });
      if (error && wait.handle(error)) {
        setProblem(null);
        return;
      }
      if (error) {
        const failure = forgotPasswordErrorMessage(error.message);
        const message = t(failure.key, failure.params);
        setProblem(message);
        notify.error(message);
        return;
      }
      notify.success(t('auth.resetEmailSent'));
    } catch {
      setProblem(t('auth.genericError'));
      notify.error(t('auth.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SiteHeader />
      <main id="main" className="page narrow">
        <div className="card auth-card">
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <h1>{t('auth.forgotTitle')}</h1>
            <p>{t('auth.forgotText')}</p>
            <Field
              label={t('auth.email')}
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
            />
            <FormError problem={problem} />
            <EmailWaitNote wait={wait} />
            <Button type="submit" disabled={busy || wait.left > 0}>
              {t('auth.sendResetEmail')}
            </Button>
          </form>
          <p className="center">
            <Link to="/auth">{t('auth.backToLogin')}</Link>
          </p>
        </div>
      </main>
    </>
  );
}
