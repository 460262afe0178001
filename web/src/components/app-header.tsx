import { NavLink, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';
import { FeedbackMenuItem } from './feedback.tsx';
import { HeaderShell } from './header-shell.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/** Top bar of the signed-in pages. */
export function AppHeader() {
  const { user, signOut } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  return (
    <HeaderShell brandTo={user ? '/dashboard' : '/preview'}>
      <nav aria-label={t('app.mainNav')} className="site-nav">
        <NavLink to="/dashboard">{t('landing.nav.dashboard')}</NavLink>
        <NavLink to="/review-flashcards">{t('dashboard.reviewFlashcards')}</NavLink>
        <NavLink to="/settings">{t('settings.title')}</NavLink>
      </nav>
      <div className="site-actions">
        <LanguageSwitcher />
        <FeedbackMenuItem />
        {user && (
          <Button variant="ghost" onClick={() => void signOut().then(() => navigate('/'))}>
            {t('landing.nav.signOut')}
          </Button>
        )}
      </div>
    </HeaderShell>
  );
}
