import { lazy, Suspense, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  useLocation,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './lib/auth.tsx';
import { I18nProvider, useT } from './lib/i18n/i18n.tsx';
import { createQueryClient } from './lib/query.ts';
import { Toaster } from './components/toaster.tsx';
import { Spinner } from './components/spinner.tsx';
import { RequireAuth } from './components/require-auth.tsx';
import { FeedbackButton } from './components/feedback.tsx';
import { LanguageSync } from './components/language-sync.tsx';
import { adminRoutes } from './admin/routes.tsx';
import { isAdminPath } from './admin/paths.ts';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LandingPage = page(() => import('./routes/landing.tsx'), 'LandingPage');
const AuthPage = page(() => import('./routes/auth.tsx'), 'AuthPage');
const ForgotPasswordPage = page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage');
const LessonDemoPage = page(() => import('./routes/lesson-demo.tsx'), 'LessonDemoPage');
const LessonPage = page(() => import('./routes/lesson.tsx'), 'LessonPage');
const LessonPreviewPage = page(() => import('./routes/lesson-preview.tsx'), 'LessonPreviewPage');
const DashboardPage = page(() => import('./routes/dashboard.tsx'), 'DashboardPage');
const ReviewPage = page(() => import('./routes/review.tsx'), 'ReviewPage');
const SettingsPage = page(() => import('./routes/settings.tsx'), 'SettingsPage');
const UnsubscribePage = page(() => import('./routes/unsubscribe.tsx'), 'UnsubscribePage');
const TermsPage = page(() => import('./routes/legal.tsx'), 'TermsPage');
const PrivacyPage = page(() => import('./routes/legal.tsx'), 'PrivacyPage');
const NotFoundPage = page(() => import('./routes/not-found.tsx'), 'NotFoundPage');

function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Suspense fallback={<Spinner label={t('app.loading')} centred />}>
        <Outlet />
      </Suspense>
      {/* The admin header has its own Send Feedback; the button would cover admin tables. */}
      {!isAdminPath(pathname) && <FeedbackButton />}
      <Toaster />
      <LanguageSync />
    </>
  );
}

const guarded = (Page: ComponentType) => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);

export const learnerRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth" replace /> },
  { path: '/preview', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/lesson-demo', element: <LessonDemoPage /> },
  { path: '/lesson/:id', element: guarded(LessonPage) },
  { path: '/lesson/:id/preview', element: guarded(LessonPreviewPage) },
  { path: '/dashboard', element: guarded(DashboardPage) },
  { path: '/review-flashcards', element: guarded(ReviewPage) },
  { path: '/settings', element: guarded(SettingsPage) },
  { path: '/unsubscribe', element: <UnsubscribePage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
];

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [...learnerRoutes, ...adminRoutes, { path: '*', element: <NotFoundPage /> }],
  },
]);

const queryClient = createQueryClient();

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
