import { useState } from 'react';
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
  const fields = [
    [labels === 'account' ? t('auth.password') : t('auth.newPassword'), password, onPassword],
    [
      labels === 'account' ? t('auth.confirmPassword') : t('auth.confirmNewPassword'),
      confirm,
      onConfirm,
    ],
  ] as const;
  return fields.map(([label, value, onChange]) => (
    <Field
      key={label}
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      autoComplete="new-password"
    />
  ));
}

/** The state of a PasswordFields pair, to spread on it. */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return { password, confirm, onPassword: setPassword, onConfirm: setConfirm };
}
