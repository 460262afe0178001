import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <span>{t('landing.footer.copyright')}</span>
      <nav aria-label={t('legal.nav')}>
        <Link to="/privacy">{t('legal.privacy')}</Link>
        <Link to="/terms">{t('legal.terms')}</Link>
      </nav>
    </footer>
  );
}
