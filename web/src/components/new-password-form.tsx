import { useState, type FormEvent } from 'react';
import type { Message } from '@magyarul/core/messages';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';
import { Field, FormError } from './form.tsx';

type PasswordPair = { password: string; confirmPassword: string };
type Checked = { readonly ok: true } | (Message & { readonly ok: false });

/**
 * The "new password" form of both reset flows (the reset mode of /auth and /reset-password):
 * new password, confirmation, the first problem and a submit button that is disabled while
 * saving. The pages differ in their title, their validation rule (minimum length and wording)
 * and what saving does; `save` returns the problem to show, or null when it succeeded.
 */
export function NewPasswordForm({
  title,
  validate,
  save,
}: {
  title: string;
  validate: (input: PasswordPair) => Checked;
  save: (password: string) => Promise<string | null>;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate({ password, confirmPassword: confirm });
    setProblem(checked.ok ? null : t(checked.key, checked.params));
    if (!checked.ok) return;
    setBusy(true);
    try {
      setProblem(await save(password));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h1>{title}</h1>
      <Field
        label={t('auth.newPassword')}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <Field
        label={t('auth.confirmNewPassword')}
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <FormError problem={problem} />
      <Button type="submit" disabled={busy}>
        {t('auth.updatePassword')}
      </Button>
    </form>
  );
}
