import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { validateProfileName } from '@magyarul/core/validation';
import { saveProfileName } from '../lib/api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { Button } from './button.tsx';
import { FormError } from './form.tsx';

/** The profile name (spec: a name field saved to the profile), on the settings page. */
export function ProfileName({ userId, current }: { userId: string; current: string }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new stored name replaces the field's text (while rendering, not in an effect).
  const [stored, setStored] = useState(current);
  if (stored !== current) {
    setStored(current);
    setName(current);
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProfileName(name);
    setProblem(checked.ok ? null : t(checked.key, checked.params));
    if (!checked.ok) return;
    setBusy(true);
    try {
      await saveProfileName(userId, checked.value.name);
      notify.success(t('profile.nameSaved'));
      await queryClient.invalidateQueries({ queryKey: ['profile', userId] });
    } catch (error) {
      console.error('Saving the name failed', error);
      notify.error(t('profile.nameSaveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('profile.title')}</h2>
      <form className="form inline-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('profile.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {t('profile.save')}
        </Button>
      </form>
      <FormError problem={problem} />
    </section>
  );
}
