import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { FeedbackDialog } from '../components/feedback.tsx';
import { HeaderShell } from '../components/header-shell.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { TwoFactorControl } from './two-factor/two-factor-control.tsx';
import { confirmDiscard } from './unsaved-changes.ts';

/**
 * The admin area's top bar: where the admin is (Lessons & QA, Upload), who is signed in, the
 * way back to the learner app, Send Feedback (in place of the learner pages' floating button,
 * which would cover the admin tables), two-factor authentication and Sign Out. On a phone (under
 * 48rem) it is the learner header's frame: the brand and a Menu that holds the rest.
 */
export function AdminHeader() {
  const { user, role, signOut } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  const leave = async () => {
    // Asked here, before the session ends, not by the router after it.
    if (!confirmDiscard(t('reviewPage.unsavedChanges'))) return;
    await signOut();
    await navigate('/auth');
  };

  return (
    <>
      <HeaderShell
        brandTo="/admin"
        className="admin-header"
        brand={
          <>
            {t('app.name')} <span className="admin-header-badge">{t('adminHeader.brand')}</span>
          </>
        }
      >
        <nav aria-label={t('adminHeader.nav')} className="site-nav">
          <NavLink to="/admin" end>
            {t('adminHeader.dashboard')}
          </NavLink>
          {user && <NavLink to="/upload">{t('adminHeader.upload')}</NavLink>}
          <Link to="/dashboard">{t('adminHeader.learnerApp')}</Link>
        </nav>
        {user && (
          <div className="site-actions admin-header-actions">
            <span className="small muted admin-header-account">
              {t('adminHeader.account', { email: user.email ?? user.id })}
            </span>
            <Button variant="ghost" onClick={() => setFeedbackOpen(true)}>
              {t('feedback.open')}
            </Button>
            {role === 'admin' && <TwoFactorControl />}
            <Button variant="secondary" onClick={() => void leave()}>
              {t('landing.nav.signOut')}
            </Button>
          </div>
        )}
      </HeaderShell>
      {/* Outside the phone menu, which may close (on navigation) while the dialog is open. */}
      {user && (
        <FeedbackDialog
          userId={user.id}
          open={feedbackOpen}
          onClose={() => setFeedbackOpen(false)}
        />
      )}
    </>
  );
}
