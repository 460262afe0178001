import { useT } from '../lib/i18n/i18n.tsx';
import { PasswordFields, usePasswordPair } from './password-fields.tsx';
import { SubmitForm, useSubmit, type Checked, type Problem } from './submit-form.tsx';

type PasswordPair = { password: string; confirmPassword: string };

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
  validate: (input: PasswordPair) => Checked<unknown>;
  save: (password: string) => Promise<Problem>;
}) {
  const t = useT();
  const pair = usePasswordPair();
  const form = useSubmit(
    () => validate({ password: pair.password, confirmPassword: pair.confirm }),
    () => save(pair.password),
  );
  return (
    <SubmitForm {...form} submitLabel={t('auth.updatePassword')}>
      <h1>{title}</h1>
      <PasswordFields labels="reset" {...pair} />
    </SubmitForm>
  );
}
