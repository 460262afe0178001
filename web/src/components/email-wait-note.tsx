import type { EmailWait } from '../lib/email-wait.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';

/**
 * Says when another e-mail may be requested after the server's rate limit: a countdown in
 * seconds, then that it may be sent now. The countdown itself is not a live region (a reader
 * would hear every second); the first text and the "now" are.
 */
export function EmailWaitNote({ wait }: { wait: EmailWait }) {
  const t = useT();
  const format = useFormat();
  if (!wait.hit) return null;
  if (wait.left > 0) {
    return (
      <p className="form-error wait-note" role="alert">
        <span aria-live="off">{t('auth.tryAgainIn', { n: format.number(wait.left) })}</span>
      </p>
    );
  }
  if (wait.unknown) {
    return (
      <p className="form-error wait-note" role="alert">
        {t('auth.tryAgainLater')}
      </p>
    );
  }
  return (
    <p className="muted wait-note" role="status">
      {t('auth.canTryAgain')}
    </p>
  );
}
