import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/form.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { normalizeCode } from './mfa-api.ts';

/** A 6-digit code field with its submit button; `submit` answers false for a wrong code. */
export function CodeForm({ submit }: { submit: (code: string) => Promise<boolean> }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(value);
    if (!code) {
      setProblem(t('mfa.codeFormat'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (!(await submit(code))) {
        setProblem(t('mfa.invalidCode'));
        setValue('');
      }
    } catch (error) {
      console.error('Verifying the code failed', error);
      setProblem(t('mfa.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('mfa.code')}</label>
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          className="mfa-code"
        />
      </div>
      <FormError problem={problem} />
      <Button type="submit" disabled={busy}>
        {t('mfa.verify')}
      </Button>
    </form>
  );
}
