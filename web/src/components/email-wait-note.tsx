import type { EmailWait } from '../lib/email-wait.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';

/**
 * Says when another e-mail (or sign-in or sign-up attempt) may be made after the server's rate
 * limit: a countdown in seconds, then that it may be made now. The countdown itself is not a live region (a reader
 * would hear every second); the first text and the "now" are.
 */
export function EmailWaitNote({ wait }: { wait: EmailWait }) {
  const t = useT();
  const format = useFormat();
  if (!wait.hit) return null;
  const email = wait.kind === 'email';
  if (wait.left > 0) {
    const n = format.number(wait.left);
    return (
      <p className="form-error wait-note" role="alert">
        <span aria-live="off">
          {email ? t('auth.tryAgainIn', { n }) : t('auth.attemptsWait', { n })}
        </span>
      </p>
    );
  }
  if (wait.unknown) {
    return (
      <p className="form-error wait-note" role="alert">
        {email ? t('auth.tryAgainLater') : t('auth.attemptsWaitLater')}
      </p>
    );
  }
  return (
    <p className="muted wait-note" role="status">
      {email ? t('auth.canTryAgain') : t('auth.attemptsAgain')}
    </p>
  );
}
