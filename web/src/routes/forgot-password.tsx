import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';
import { getSupabase } from '../lib/supabase.ts';
import { forgotPasswordErrorMessage, validateForgotPassword } from '@magyarul/core/validation';
import { notify } from '../lib/toast.ts';
import { EmailField, SubmitForm } from '../components/submit-form.tsx';
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
          <SubmitForm
            onSubmit={(e) => void onSubmit(e)}
            problem={problem}
            busy={busy}
            disabled={wait.left > 0}
            submitLabel={t('auth.sendResetEmail')}
            note={<EmailWaitNote wait={wait} />}
          >
            <h1>{t('auth.forgotTitle')}</h1>
            <p>{t('auth.forgotText')}</p>
            <EmailField label={t('auth.email')} value={email} onChange={setEmail} />
          </SubmitForm>
          <p className="center">
            <Link to="/auth">{t('auth.backToLogin')}</Link>
          </p>
        </div>
      </main>
    </>
  );
}
