import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button, ButtonLink } from './button.tsx';
import { FeedbackMenuItem } from './feedback.tsx';
import { HeaderShell } from './header-shell.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/** Top bar of public pages; signed-in users get Dashboard and an account menu. */
export function SiteHeader({ landing = false }: { landing?: boolean }) {
  const { user, signOut } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      )
        setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  return (
    <HeaderShell brandTo="/preview">
      <nav aria-label={t('app.mainNav')} className="site-nav">
        {landing && (
          <>
            <a href="#features">{t('landing.nav.features')}</a>
            <a href="#lessons">{t('landing.nav.lessons')}</a>
          </>
        )}
        <Link to="/lesson-demo">{t('landing.nav.tryDemo')}</Link>
      </nav>
      <div className="site-actions">
        <LanguageSwitcher />
        {user ? (
          <>
            <ButtonLink to="/dashboard" variant="secondary">
              {t('landing.nav.dashboard')}
            </ButtonLink>
            <FeedbackMenuItem />
            {/* In the phone menu the account menu's one other item stands on its own. */}
            <Button
              variant="ghost"
              className="phone-only"
              onClick={() => void signOut().then(() => navigate('/'))}
            >
              {t('landing.nav.signOut')}
            </Button>
            <div className="menu wide-only" ref={menuRef}>
              <button
                type="button"
                className="icon-button"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                aria-label={t('landing.accountMenu')}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span aria-hidden="true">☰</span>
              </button>
              {menuOpen && (
                <div role="menu" className="menu-list">
                  <button type="button" role="menuitem" onClick={() => void navigate('/dashboard')}>
                    {t('landing.nav.dashboard')}
                  </button>
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setMenuOpen(false);
                      void signOut().then(() => navigate('/'));
                    }}
                  >
                    {t('landing.nav.signOut')}
                  </button>
                </div>
              )}
            </div>
          </>
        ) : (
          <>
            <ButtonLink to="/auth" variant="ghost">
              {t('landing.nav.login')}
            </ButtonLink>
            <ButtonLink to="/auth">{t('landing.nav.startLearning')}</ButtonLink>
          </>
        )}
      </div>
    </HeaderShell>
  );
}
