import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { createLearner, expect, test } from './support.ts';
import { clientFor, passLesson, seedLessonId } from './admin/admin-support.ts';
import { controlledByWorker } from './offline-support.ts';
import { signInIn, textsIn, useLanguage, type Texts } from './day-support.ts';

// Issue 29 point 3, the service worker's side of the reminder: the dashboard hands the worker
// the "words are due" notice in the learner's language (web/src/offline/due-notice.ts), the
// worker keeps it in Cache Storage, and its periodic background sync shows it as a notification
// when the words are due, no window of the app is on screen and the learner allowed
// notifications (web/src/offline/service-worker.ts, due-notice-rule.ts). Chromium's periodic
// sync comes about twice a day at best: the test fires it as DevTools' Application panel does
// (ServiceWorker.dispatchPeriodicSyncEvent), and reads the shown notifications from the
// worker's registration.

type StoredNotice = { dueAt: string | null; title: string; body: string; shownFor?: string | null };
type Shown = { title: string; body: string; tag: string };

const SYNC_TAG = 'magyarul-due';
/**
 * How long a wake-up that should show nothing is given before the test looks (DevTools answers
 * once the event is dispatched, not when the worker's handler is done); the positive checks poll.
 */
const SETTLE_MS = 1_500;

/** The notice the worker keeps (Cache Storage is the origin's: the page can read it). */
function storedNotice(page: Page): Promise<StoredNotice | null> {
  return page.evaluate(async () => {
    const stored = await (await caches.open('magyarul-state-v1')).match('/__magyarul/due-notice');
    return stored ? ((await stored.json()) as StoredNotice) : null;
  });
}

/** DevTools on the page's target, and the id of the app's worker registration. */
async function devTools(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registrationId };
}

async function periodicSync(cdp: CDPSession, origin: string, registrationId: string) {
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin,
    registrationId,
    tag: SYNC_TAG,
  });
}

/** The notifications the app's worker registration shows now. */
async function shown(context: BrowserContext): Promise<Shown[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  return worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const list = await scope.registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

async function closeShown(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  await worker?.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    for (const n of await scope.registration.getNotifications()) n.close();
  });
}

/**
 * The dashboard, controlled by the worker, with the words due on its Today card; returns the
 * count it shows (the app posts its notice once the server's figures are in).
 */
async function dashboardWithDueWords(page: Page, t: Texts, email: string): Promise<number> {
  await signInIn(page, t, email);
  await controlledByWorker(page);
  // The first visit may have read the figures before the worker took the page: read again.
  await page.reload();
  // The due words' button: its name starts with their count ("10 Wörter fällig …").
  const due = page
    .getByRole('region', { name: t('today.title') })
    .getByRole('link', { name: /^\d+ / });
  await expect(due).toBeVisible();
  return Number(/\d+/.exec((await due.textContent()) ?? '')?.[0]);
}

test.describe('the words-are-due notification', () => {
  test('the worker shows the due notice in the learner’s language once per due time, with no window on screen and only with permission', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const origin = new URL(baseURL ?? '').origin;
    const t = textsIn('de');
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    // Lesson 1 passed an hour ago: its words are due now.
    await passLesson(db, await seedLessonId(db, 1), 20, 20);

    await context.grantPermissions(['notifications'], { origin });
    await useLanguage(page, 'de');
    const count = await dashboardWithDueWords(page, t, email);
    expect(count).toBeGreaterThan(0);
    // The app handed the worker its notice, in German, due now.
    await expect.poll(async () => (await storedNotice(page))?.title).toBe(t('notify.due.title'));
    const notice = await storedNotice(page);
    expect(notice?.body).toBe(t('notify.due.body', { n: count }));
    expect(Date.parse(notice?.dueAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(notice?.shownFor ?? null).toBeNull();
    // Its due time is since when the words are due (the earliest of their due times), not the
    // time of the visit: every visit until they are reviewed hands the worker the same one.
    // (Due words as get_today counts them: answered cards, the recognition rows and any skill's
    // with a review.)
    const earliest = await db
      .from('user_vocabulary_progress')
      .select('due')
      .or('skill.eq.recognition,reps.gt.0')
      .order('due')
      .limit(1)
      .single();
    expect(Date.parse(notice?.dueAt ?? '')).toBe(Date.parse(earliest.data?.due ?? ''));

    const { cdp, registrationId } = await devTools(context, page, origin);
    // While the dashboard is on screen the learner is in the app: no notification.
    await periodicSync(cdp, origin, registrationId);
    await page.waitForTimeout(SETTLE_MS);
    expect(await shown(context)).toEqual([]);

    // No window of the app on screen: the next wake-up shows it, once.
    await page.goto('about:blank');
    await periodicSync(cdp, origin, registrationId);
    await expect
      .poll(() => shown(context))
      .toEqual([
        {
          title: t('notify.due.title'),
          body: t('notify.due.body', { n: count }),
          tag: SYNC_TAG,
        },
      ]);
    // The learner dismisses it; the next wake-up for the same due time shows nothing new.
    await closeShown(context);
    await expect.poll(() => shown(context)).toEqual([]);
    await periodicSync(cdp, origin, registrationId);
    await page.waitForTimeout(SETTLE_MS);
    expect(await shown(context)).toEqual([]);
    await page.goto('/settings');
    const kept = await storedNotice(page);
    expect(kept?.shownFor).toBe(notice?.dueAt);
    // Back on the dashboard with the same words due: the app hands the worker its notice again,
    // with the same due time, so the next wake-up after the visit shows nothing new.
    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: t('today.title') }).getByRole('link', { name: /^\d+ / }),
    ).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    expect(await storedNotice(page)).toMatchObject({
      dueAt: notice?.dueAt,
      shownFor: notice?.dueAt,
    });
    await page.goto('about:blank');
    await periodicSync(cdp, origin, registrationId);
    await page.waitForTimeout(SETTLE_MS);
    expect(await shown(context)).toEqual([]);
    await cdp.detach();

    // Without permission: the app hands the worker nothing, and a notice posted all the same
    // (as by an older page) is not shown either.
    const denied = await browser.newContext({ baseURL });
    try {
      const other = await denied.newPage();
      await useLanguage(other, 'de');
      expect(await dashboardWithDueWords(other, t, email)).toBe(count);
      expect(await other.evaluate(() => Notification.permission)).not.toBe('granted');
      await other.waitForTimeout(SETTLE_MS);
      expect(await storedNotice(other)).toBeNull();
      await other.evaluate(
        ({ title, body }) =>
          navigator.serviceWorker.controller?.postMessage({
            type: 'magyarul-due-notice',
            dueAt: new Date(Date.now() - 60_000).toISOString(),
            title,
            body,
          }),
        { title: t('notify.due.title'), body: t('notify.due.body', { n: count }) },
      );
      await expect.poll(async () => (await storedNotice(other))?.title).toBe(t('notify.due.title'));
      const tools = await devTools(denied, other, origin);
      await other.goto('about:blank');
      await periodicSync(tools.cdp, origin, tools.registrationId);
      await other.waitForTimeout(SETTLE_MS);
      await other.goto('/settings');
      // Not marked as shown: nothing was.
      expect((await storedNotice(other))?.shownFor ?? null).toBeNull();
      expect(await shown(denied)).toEqual([]);
    } finally {
      await denied.close();
    }
  });
});
