import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, createLearner, expect } from './support.ts';
import { lessonIds, signInIn, useLanguage, type Language, type Texts } from './day-support.ts';
import { settle } from './phone-support.ts';

// Every route of the product, for the walks of issue 29 (every page fits 390 px in every
// language; axe on every page): who may open it, and its address once the run's ids are known.

export type Who = 'visitor' | 'learner' | 'admin';
export type WalkedRoute = { readonly name: string; readonly who: Who; readonly path: string };

/** The routes in the order a walk takes them (each signed-in group after its sign-in). */
export async function allRoutes(request: APIRequestContext): Promise<WalkedRoute[]> {
  const ids = await lessonIds(request);
  const one = ids.get(1) ?? '';
  return [
    { name: 'preview', who: 'visitor', path: '/preview' },
    { name: 'auth', who: 'visitor', path: '/auth' },
    { name: 'forgot-password', who: 'visitor', path: '/forgot-password' },
    { name: 'reset-password', who: 'visitor', path: '/reset-password' },
    { name: 'lesson-demo', who: 'visitor', path: '/lesson-demo' },
    { name: 'terms', who: 'visitor', path: '/terms' },
    { name: 'privacy', who: 'visitor', path: '/privacy' },
    { name: 'not-found', who: 'visitor', path: '/no-such-page' },
    // A reminder e-mail's unsubscribe link with a token nobody holds (the page says so).
    {
      name: 'unsubscribe',
      who: 'visitor',
      path: '/unsubscribe?token=00000000-0000-4000-8000-000000000000',
    },
    { name: 'dashboard', who: 'learner', path: '/dashboard' },
    { name: 'lesson', who: 'learner', path: `/lesson/${one}` },
    { name: 'review-flashcards', who: 'learner', path: '/review-flashcards' },
    { name: 'settings', who: 'learner', path: '/settings' },
    { name: 'preview-signed-in', who: 'learner', path: '/preview' },
    { name: 'admin-lessons', who: 'admin', path: '/admin?tab=lessons' },
    { name: 'admin-qa', who: 'admin', path: '/admin?tab=qa' },
    { name: 'admin-users', who: 'admin', path: '/admin?tab=users' },
    { name: 'admin-feedback', who: 'admin', path: '/admin?tab=feedback' },
    { name: 'admin-analytics', who: 'admin', path: '/admin?tab=analytics' },
    { name: 'admin-review', who: 'admin', path: `/admin/review/${one}` },
    { name: 'lesson-preview', who: 'admin', path: `/lesson/${one}/preview` },
    { name: 'admin-upload', who: 'admin', path: '/upload' },
    { name: 'admin-exporter', who: 'admin', path: '/hubspot-exporter' },
  ];
}

/** Signs the page in as a fresh learner or the demo admin, in `language`. */
export async function signInAs(page: Page, t: Texts, who: Who): Promise<void> {
  if (who === 'visitor') return;
  await signInIn(page, t, who === 'admin' ? DEMO_ADMIN : await createLearner(page.request));
}

/**
 * Walks every route in `language`, signing in as each group needs, and calls `check` on each page
 * once it has settled (nothing loading, no toast).
 */
export async function walkRoutes(
  page: Page,
  t: Texts,
  language: Language,
  check: (route: WalkedRoute) => Promise<void>,
): Promise<void> {
  await useLanguage(page, language);
  let who: Who = 'visitor';
  for (const route of await allRoutes(page.request)) {
    if (route.who !== who) {
      await page.context().clearCookies();
      await page.goto('/preview');
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) {
          if (key.startsWith('sb-')) localStorage.removeItem(key);
        }
      });
      await signInAs(page, t, route.who);
      who = route.who;
    }
    await page.goto(route.path);
    await settleRoute(page);
    await check(route);
  }
}

/** Waits until the page has loaded what it shows. */
export async function settleRoute(page: Page): Promise<void> {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await settle(page);
  // The lesson's audio (its length) and the admin's tables arrive after the page itself.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await settle(page);
}
