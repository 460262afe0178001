import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { AdminHeader } from './admin-header.tsx';
import { useLeaveGuard } from './unsaved-changes.ts';

/** Every admin route: the admin header above the page, and the guard for unsaved work. */
export function AdminLayout() {
  const t = useT();
  useLeaveGuard();
  return (
    <>
      <AdminHeader />
      <Suspense fallback={<Spinner label={t('app.loading')} centred />}>
        <Outlet />
      </Suspense>
    </>
  );
}
