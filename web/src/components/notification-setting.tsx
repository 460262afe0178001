import { useId, useState } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';
import { askForNotifications, notificationState } from '../offline/due-notice.ts';

const STATE_TEXT = {
  granted: 'settings.notify.on',
  denied: 'settings.notify.denied',
  unsupported: 'settings.notify.unsupported',
} as const;

/**
 * Permission for the "words are due" notification on this device, asked only on the learner's
 * click (browsers refuse, or remember a refusal of, a prompt that comes by itself).
 */
export function NotificationSetting() {
  const t = useT();
  const id = useId();
  const [state, setState] = useState(notificationState);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.notify.title')}</h2>
      <p className="muted small">{t('settings.notify.help')}</p>
      {state === 'default' ? (
        <div className="button-row">
          <Button
            variant="secondary"
            onClick={() => {
              void askForNotifications().then(setState);
            }}
          >
            {t('settings.notify.enable')}
          </Button>
        </div>
      ) : (
        <p role="status">{t(STATE_TEXT[state])}</p>
      )}
    </section>
  );
}
