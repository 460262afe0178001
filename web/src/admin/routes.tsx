import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';

// The admin area, each page its own chunk (route-level code splitting). The layout (the admin
// header) and the second-factor gate are chunks of their own too, so a learner's first page
// loads none of the admin code.
function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AdminLayout = page(() => import('./admin-layout.tsx'), 'AdminLayout');
const MfaGate = page(() => import('./two-factor/mfa-gate.tsx'), 'MfaGate');
const AdminPage = page(() => import('./admin-page.tsx'), 'AdminPage');
const ReviewPage = page(() => import('./review-page.tsx'), 'ReviewPage');
const UploadPage = page(() => import('./upload-page.tsx'), 'UploadPage');
const HubspotExporterPage = page(() => import('./hubspot-exporter.tsx'), 'HubspotExporterPage');

const pages: RouteObject[] = [
  { path: '/admin', element: <AdminPage /> },
  {
    path: '/admin/review/:lessonId',
    element: (
      <RequireAuth>
        <MfaGate>
          <ReviewPage />
        </MfaGate>
      </RequireAuth>
    ),
  },
  {
    path: '/upload',
    element: (
      <RequireAuth>
        <MfaGate>
          <UploadPage />
        </MfaGate>
      </RequireAuth>
    ),
  },
  { path: '/hubspot-exporter', element: <HubspotExporterPage /> },
];

/** The admin pages under one layout: the admin header and the guard for unsaved work. */
export const adminRoutes: RouteObject[] = [{ element: <AdminLayout />, children: pages }];
