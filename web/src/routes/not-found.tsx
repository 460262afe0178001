import { useT } from '../lib/i18n/i18n.tsx';
import { ButtonLink } from '../components/button.tsx';

export function NotFoundPage() {
  const t = useT();
  return (
    <main id="main" className="page narrow center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
    </main>
  );
}
