import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { MfaGate } from './two-factor/mfa-gate.tsx';

// The admin area, each page its own chunk (route-level code splitting).
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

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
