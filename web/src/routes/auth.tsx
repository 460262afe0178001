import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useI18n, useT } from '../lib/i18n/i18n.tsx';
import { getSupabase } from '../lib/supabase.ts';
import {
  validateAuthPasswordReset,
  validateSignIn,
  validateSignUp,
} from '@magyarul/core/validation';
import {
  confirmationLanding,
  initialAuthParams,
  linkProblem,
  type LinkProblem,
} from '../lib/url-params.ts';
import { welcomeKey } from '../lib/welcome.ts';
import type { ConfirmedState } from '../components/require-auth.tsx';
import { useEmailWait, useRateLimitWait, type EmailWait } from '../lib/email-wait.ts';
import { EmailWaitNote } from '../components/email-wait-note.tsx';
import { notify } from '../lib/toast.ts';
import { Button } from '../components/button.tsx';
import { Tabs } from '../components/tabs.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { Spinner } from '../components/spinner.tsx';
import { Field } from '../components/form.tsx';
import { EmailField, SubmitForm, useSubmit } from '../components/submit-form.tsx';
import { PasswordFields, usePasswordPair } from '../components/password-fields.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';

type Mode = 'login' | 'signup';

export function AuthPage() {
  const { user, loading, recovery: resetMode } = useAuth();
  const t = useT();
  const [mode, setMode] = useState<Mode>('login');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // An e-mail link that failed lands here with error_description (hash or query).
  const [problem, setProblem] = useState(() => linkProblem(initialAuthParams));
  // A sign-up confirmed in a browser that cannot sign in from the link (RequireAuth).
  const confirmed = (useLocation().state as Partial<ConfirmedState> | null)?.confirmed === true;

  if (resetMode) {
    return (
      <AuthShell>{loading ? <Spinner label={t('app.loading')} /> : <ResetOnAuthForm />}</AuthShell>
    );
  }
  if (loading && initialAuthParams.code !== null) {
    return (
      <AuthShell>
        <Spinner label={t('app.loading')} />
      </AuthShell>
    );
  }
  if (!loading && user) return <Navigate to="/dashboard" replace />;
  if (sentTo) {
    return (
      <AuthShell>
        <CheckEmail
          email={sentTo}
          onBack={() => {
            setMode('login');
            setSentTo(null);
          }}
        />
      </AuthShell>
    );
  }
  if (problem) {
    return (
      <AuthShell>
        <LinkProblemNote
          problem={problem}
          onBack={() => {
            setMode('login');
            setProblem(null);
          }}
        />
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <h1>{t('auth.title')}</h1>
      {confirmed && mode === 'login' && (
        <p role="status" className="notice success">
          {t('auth.confirmedSignIn')}
        </p>
      )}
      <Tabs
        label={t('auth.title')}
        tabs={[
          { id: 'login', label: t('auth.tab.login') },
          { id: 'signup', label: t('auth.tab.signUp') },
        ]}
        active={mode}
        onChange={setMode}
      >
        {mode === 'login' ? <LoginForm /> : <SignUpForm onSent={setSentTo} />}
      </Tabs>
      <p className="center">
        <Link to="/forgot-password">{t('auth.forgotPasswordLink')}</Link>
      </p>
    </AuthShell>
  );
}

function AuthShell({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page narrow">
        <div className="card auth-card">{children}</div>
      </main>
    </>
  );
}

function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const wait = useRateLimitWait();
  const form = useSubmit(
    () => validateSignIn({ email, password }),
    async (credentials) => {
      try {
        const supabase = await getSupabase();
        const { data, error } = await supabase.auth.signInWithPassword(credentials);
        if (error) return failed(error.message || t('auth.unexpectedError'), error, wait);
        // A brand-new learner is welcomed, not welcomed back (issue 29).
        notify.success(t(await welcomeKey(data.user.id)));
        void navigate('/dashboard');
        return null;
      } catch {
        return failed(t('auth.unexpectedError'));
      }
    },
  );

  return (
    <SubmitForm
      {...form}
      submitLabel={t('auth.signIn')}
      disabled={wait.left > 0}
      note={<EmailWaitNote wait={wait} />}
    >
      <EmailField label={t('auth.email')} value={email} onChange={setEmail} />
      <Field
        label={t('auth.password')}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
    </SubmitForm>
  );
}

/**
 * A sign-in or sign-up failure is both the form's problem and a toast; a rate limit is said by
 * the form's countdown note instead (the toast keeps the server's message).
 */
function failed(message: string, error?: unknown, wait?: EmailWait): string | null {
  notify.error(message);
  return wait?.handle(error) ? null : message;
}

function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const pair = usePasswordPair();
  const wait = useRateLimitWait();
  const form = useSubmit(
    () => validateSignUp({ name, email, password: pair.password, confirmPassword: pair.confirm }),
    async (account) => {
      try {
        const supabase = await getSupabase();
        const { data, error } = await supabase.auth.signUp({
          email: account.email,
          password: account.password,
          options: {
            // The interface language goes with the account: its e-mails are written in it.
            data: { name: account.name, full_name: account.name, language },
            emailRedirectTo: confirmationLanding(window.location.origin),
          },
        });
        if (error) return failed(error.message || t('auth.unexpectedError'), error, wait);
        if (data.session) void navigate('/dashboard');
        else onSent(account.email);
        return null;
      } catch {
        return failed(t('auth.unexpectedError'));
      }
    },
  );

  return (
    <SubmitForm
      {...form}
      submitLabel={t('auth.createAccount')}
      disabled={wait.left > 0}
      note={<EmailWaitNote wait={wait} />}
    >
      <Field label={t('auth.name')} value={name} onChange={setName} autoComplete="name" />
      <EmailField label={t('auth.email')} value={email} onChange={setEmail} />
      <PasswordFields labels="account" {...pair} />
    </SubmitForm>
  );
}

/** Sends the sign-up confirmation again; the e-mail rate limit is said with its countdown. */
function useResendConfirmation() {
  const t = useT();
  const wait = useEmailWait();
  const [busy, setBusy] = useState(false);
  const resend = async (email: string) => {
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: confirmationLanding(window.location.origin) },
      });
      if (error) throw error;
      notify.success(t('auth.confirmationResent'));
    } catch (error) {
      console.error('Resending the confirmation failed', error);
      if (!wait.handle(error)) notify.error(t('auth.confirmationResendFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { resend, wait, disabled: busy || wait.left > 0 };
}

function CheckEmail({ email, onBack }: { email: string; onBack: () => void }) {
  const t = useT();
  const { resend, wait, disabled } = useResendConfirmation();
  return (
    <div className="stack">
      <h1>{t('auth.checkYourEmail')}</h1>
      <p>{t('auth.checkEmailText', { email })}</p>
      <EmailWaitNote wait={wait} />
      <Button onClick={() => void resend(email)} disabled={disabled}>
        {t('auth.resendConfirmation')}
      </Button>
      <Button variant="secondary" onClick={onBack}>
        {t('auth.backToLogin')}
      </Button>
    </div>
  );
}

/**
 * The e-mail link this page was opened from failed (expired, already used, or refused): say so
 * and offer a new confirmation link; a password reset has its own link on the page.
 */
function LinkProblemNote({ problem, onBack }: { problem: LinkProblem; onBack: () => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const { resend, wait, disabled } = useResendConfirmation();
  return (
    <div className="stack">
      <h1>{t('auth.title')}</h1>
      <p role="alert" className="form-error">
        {problem.kind === 'expired'
          ? t('auth.linkExpired')
          : t('auth.linkFailed', { reason: problem.description })}
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) void resend(email.trim());
        }}
      >
        <p className="muted small">{t('auth.newLinkHint')}</p>
        <EmailField label={t('auth.email')} value={email} onChange={setEmail} />
        <EmailWaitNote wait={wait} />
        <Button type="submit" disabled={disabled || !email.trim()}>
          {t('auth.sendNewLink')}
        </Button>
      </form>
      <Button variant="secondary" onClick={onBack}>
        {t('auth.backToLogin')}
      </Button>
      <p className="center">
        <Link to="/forgot-password">{t('auth.forgotPasswordLink')}</Link>
      </p>
    </div>
  );
}

function ResetOnAuthForm() {
  const t = useT();
  const navigate = useNavigate();
  const save = async (password: string): Promise<string | null> => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.updateUser({ password });
      if (error) return error.message || t('auth.unexpectedError');
      notify.success(t('auth.passwordUpdated'));
      void navigate('/dashboard');
      return null;
    } catch {
      return t('auth.unexpectedError');
    }
  };
  return (
    <NewPasswordForm
      title={t('auth.resetYourPassword')}
      validate={validateAuthPasswordReset}
      save={save}
    />
  );
}
