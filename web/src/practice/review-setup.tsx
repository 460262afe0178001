import { useId } from 'react';
import { SESSION_SIZES } from '@magyarul/core/practice';
import type { SessionSize } from '@magyarul/core/practice';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';

/**
 * Above the mixed review: what is due and new, and the session length (10, 20 or 50), which
 * can change until the first answer.
 */
export function ReviewSetup({
  due,
  fresh,
  size,
  onSize,
  locked,
}: {
  due: number;
  fresh: number;
  size: SessionSize;
  onSize: (size: SessionSize) => void;
  locked: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  return (
    <div className="review-setup">
      <p className="muted small">
        {t('review.mixedIntro')} {t('review.dueToday', { n: format.number(due) })} ·{' '}
        {t('review.newToday', { n: format.number(fresh) })}
      </p>
      <fieldset className="session-lengths" disabled={locked}>
        <legend>{t('review.length')}</legend>
        {SESSION_SIZES.map((option) => (
          <label key={option} className="session-length">
            <input
              type="radio"
              name={`${id}-size`}
              value={option}
              checked={size === option}
              onChange={() => onSize(option)}
            />
            {t('review.lengthOption', { n: format.number(option) })}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
