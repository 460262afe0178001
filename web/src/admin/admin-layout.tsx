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

/** Paths the admin layout serves: the app's floating feedback button stays off them. */
export const ADMIN_PATHS = ['/admin', '/upload', '/hubspot-exporter'] as const;

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
