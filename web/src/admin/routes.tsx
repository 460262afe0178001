import type { RouteObject } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';
import { RequireAuth } from '../components/require-auth.tsx';

// ADMIN ROUTES: the admin area (issue for the admin side) replaces this file. The app router
// mounts whatever `adminRoutes` exports under the shared layout (auth, i18n, toasts, query).
function ComingInAdminIssue() {
  const t = useT();
  return (
    <main id="main" className="page narrow">
      <p>{t('admin.placeholder')}</p>
    </main>
  );
}

const placeholder = (
  <RequireAuth>
    <ComingInAdminIssue />
  </RequireAuth>
);

export const adminRoutes: RouteObject[] = [
  { path: '/admin', element: placeholder },
  { path: '/admin/review/:id', element: placeholder },
  { path: '/upload', element: placeholder },
  { path: '/hubspot-exporter', element: placeholder },
];
