import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { unsubscribeReminders } from '../lib/day-api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { ButtonLink } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reminder e-mail's unsubscribe link (issue 29 point 3): opening it switches the reminders
 * off, without signing in. The token is the learner's unsubscribe secret; a wrong one changes
 * nothing and says so. (Mail clients use the RFC 8058 one-click POST to the
 * unsubscribe-reminders function instead, the same procedure.)
 */
export function UnsubscribePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = UUID.test(token);
  const result = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribeReminders(token),
    enabled: valid,
    retry: 1,
    staleTime: Infinity,
  });
  let body;
  if (!valid || result.data === false) body = <p role="alert">{t('unsubscribe.invalid')}</p>;
  else if (result.isError) body = <p role="alert">{t('unsubscribe.failed')}</p>;
  else if (result.data === true) body = <p role="status">{t('unsubscribe.done')}</p>;
  else body = <Spinner label={t('unsubscribe.working')} />;
  return (
    <main id="main" className="page narrow stack">
      <h1>{t('unsubscribe.title')}</h1>
      {body}
      <div className="button-row">
        <ButtonLink to="/settings" variant="secondary">
          {t('settings.title')}
        </ButtonLink>
      </div>
    </main>
  );
}
