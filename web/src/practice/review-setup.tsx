import { useId, useState } from 'react';
import { SESSION_SIZES } from '@magyarul/core/practice';
import type { SessionSize } from '@magyarul/core/practice';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { Button } from '../components/button.tsx';

/** The mixed review's start: what is due and new, and the session length (10, 20 or 50). */
export function ReviewSetup({
  due,
  fresh,
  onStart,
}: {
  due: number;
  fresh: number;
  onStart: (size: SessionSize) => void;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [size, setSize] = useState<SessionSize>(20);
  return (
    <form
      className="card review-setup"
      onSubmit={(event) => {
        event.preventDefault();
        onStart(size);
      }}
    >
      <p>{t('review.mixedIntro')}</p>
      <p className="muted">
        {t('review.dueToday', { n: format.number(due) })} ·{' '}
        {t('review.newToday', { n: format.number(fresh) })}
      </p>
      <fieldset className="session-lengths">
        <legend>{t('review.length')}</legend>
        {SESSION_SIZES.map((option) => (
          <label key={option} className="session-length">
            <input
              type="radio"
              name={`${id}-size`}
              value={option}
              checked={size === option}
              onChange={() => setSize(option)}
            />
            {t('review.lengthOption', { n: format.number(option) })}
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button type="submit">{t('review.start')}</Button>
      </div>
    </form>
  );
}
