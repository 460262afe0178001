import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { Tabs } from '../components/tabs.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { AnalyticsTab } from './analytics-tab.tsx';
import { FeedbackTab } from './feedback-tab.tsx';
import { LessonsTab } from './lessons-tab.tsx';
import { QaTab } from './qa-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { MfaGate } from './two-factor/mfa-gate.tsx';
import './admin.css';

export const ADMIN_TAB_KEY = 'magyarul.admin.tab';
const TABS = ['lessons', 'qa', 'users', 'feedback', 'analytics'] as const;
type TabId = (typeof TABS)[number];

function isTab(value: string | null): value is TabId {
  return value !== null && (TABS as readonly string[]).includes(value);
}

function storedTab(): TabId | null {
  try {
    const saved = localStorage.getItem(ADMIN_TAB_KEY);
    return isTab(saved) ? saved : null;
  } catch {
    return null;
  }
}

function AdminTabs() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const active: TabId = isTab(fromUrl) ? fromUrl : (storedTab() ?? 'lessons');
  const change = (tab: TabId) => {
    try {
      localStorage.setItem(ADMIN_TAB_KEY, tab);
    } catch {
      // Remembered for this visit only.
    }
    setParams({ tab }, { replace: true });
  };
  return (
    <main id="main" className="page admin-page">
      <h1>{t('dashboard.adminDashboard')}</h1>
      <Tabs
        label={t('adminUi.adminTabs')}
        active={active}
        onChange={change}
        tabs={TABS.map((id) => ({ id, label: t(`admin.tab.${id}`) }))}
      >
        {active === 'lessons' && <LessonsTab />}
        {active === 'qa' && <QaTab />}
        {active === 'users' && <UsersTab />}
        {active === 'feedback' && <FeedbackTab />}
        {active === 'analytics' && <AnalyticsTab />}
      </Tabs>
    </main>
  );
}

/** /admin: the role is settled before any tab (and so any lesson query) mounts. */
export function AdminPage() {
  const { user, loading, role, roleLoading } = useAuth();
  const t = useT();
  if (loading || roleLoading) return <Spinner label={t('app.loading')} centred />;
  if (!user) return <Navigate to="/auth" replace />;
  if (role !== 'admin') return <Navigate to="/dashboard" replace />;
  return (
    <MfaGate>
      <AdminTabs />
    </MfaGate>
  );
}
