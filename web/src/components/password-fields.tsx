import { useT } from '../lib/i18n/i18n.tsx';
import { Field } from './form.tsx';

/**
 * A new password and its confirmation, as sign-up and both reset flows ask for them: `account`
 * labels them "Password" / "Confirm Password" (sign-up), `reset` "New Password" / "Confirm New
 * Password". Both are `new-password` fields, so browsers offer to generate and save one.
 */
export function PasswordFields({
  labels,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  labels: 'account' | 'reset';
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={labels === 'account' ? t('auth.password') : t('auth.newPassword')}
        type="password"
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
      />
      <Field
        label={labels === 'account' ? t('auth.confirmPassword') : t('auth.confirmNewPassword')}
        type="password"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
      />
    </>
  );
}
