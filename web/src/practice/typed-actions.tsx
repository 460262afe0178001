import type { Ref } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';

/** Check before the verdict; Continue, and Easy after a right answer, once it is shown. */
export function TypedActions({
  checked,
  right,
  canCheck,
  onCheck,
  onFinish,
  continueRef,
}: {
  checked: boolean;
  right: boolean;
  canCheck: boolean;
  onCheck: () => void;
  onFinish: (easy: boolean) => void;
  continueRef: Ref<HTMLButtonElement>;
}) {
  const t = useT();
  if (!checked) {
    return (
      <div className="form-actions">
        <Button onClick={onCheck} disabled={!canCheck}>
          {t('practice.check')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {right && <p className="muted small easy-hint">{t('practice.easyHint')}</p>}
      <div className="form-actions">
        {right && (
          <Button variant="secondary" onClick={() => onFinish(true)}>
            <kbd aria-hidden="true">4</kbd> {t('practice.easy')}
          </Button>
        )}
        <Button ref={continueRef} onClick={() => onFinish(false)}>
          {t('practice.continue')}
        </Button>
      </div>
    </>
  );
}
