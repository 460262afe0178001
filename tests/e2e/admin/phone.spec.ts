import type { Page } from '@playwright/test';
import { DEMO_ADMIN, expect, test } from '../support.ts';
import { HEADER_MAX_PX, PHONES, settle } from '../phone-support.ts';
import {
  adminClient,
  learnerClient,
  makeLesson,
  signInAdmin,
  uniqueTitle,
} from './admin-support.ts';

// The admin area on a phone (390×844 and 360×740): on every tab of /admin, the review page and
// /upload the page never scrolls sideways (wide tables scroll inside their own labelled,
// focusable region), the header is at most 64 px tall, and every header action is in its Menu.

const TABS = ['Lessons', 'QA', 'Users', 'Feedback', 'Analytics'] as const;

async function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
}

/** No sideways scroll, a header of at most 64 px, and the header's actions behind its Menu. */
async function checkPage(page: Page, where: string): Promise<void> {
  await settle(page);
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth, `${where}: page width`).toBeLessThanOrEqual(innerWidth);
  const header = page.getByRole('banner');
  const box = await header.boundingBox();
  expect(box?.height, `${where}: header height`).toBeLessThanOrEqual(HEADER_MAX_PX);

  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Lessons & QA', 'Upload', 'Learner app'])
    await expect(header.getByRole('link', { name }), `${where}: ${name}`).toBeVisible();
  await expect(header.getByText(`Signed in as ${DEMO_ADMIN}`)).toBeVisible();
  for (const name of ['Send Feedback', 'Two-factor authentication', 'Sign Out'])
    await expect(header.getByRole('button', { name }), `${where}: ${name}`).toBeVisible();
  // The open menu pushes the page down and is no wider than the screen either.
  expect((await pageWidth(page)).scrollWidth, `${where}: open menu`).toBeLessThanOrEqual(
    innerWidth,
  );
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

for (const viewport of PHONES) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`admin phone ${size}`, () => {
    test.use({ viewport });

    test('every tab, the review page and /upload: no sideways scroll, header ≤ 64 px, every action in the menu', async ({
      page,
      request,
    }) => {
      const db = await adminClient(request);
      const lesson = await makeLesson(db, { title: uniqueTitle('Phone admin lesson') });
      // A feedback item with a long unbroken word, for the Feedback tab.
      const learner = await learnerClient(request);
      const sent = await learner.db.from('user_feedback').insert({
        title: uniqueTitle('Phone feedback'),
        description: `Sehr${'lang'.repeat(30)}es Wort.`,
      });
      expect(sent.error).toBeNull();
      await signInAdmin(page);

      for (const tab of TABS) {
        await test.step(`/admin ${tab}`, async () => {
          await page.goto('/admin');
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tab', { name: tab })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          await checkPage(page, `/admin ${tab}`);
        });
      }
      await test.step('/admin/review/:id', async () => {
        await page.goto(`/admin/review/${lesson.id}`);
        await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
        await checkPage(page, 'review');
      });
      await test.step('/upload', async () => {
        await page.goto('/upload');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await checkPage(page, 'upload');
      });

      await test.step('Send Feedback from the menu opens the dialog', async () => {
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Send Feedback' }).click();
        const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toBeHidden();
      });
    });

    test('the QA table scrolls inside its own region, which the keyboard reaches and scrolls', async ({
      page,
    }) => {
      await signInAdmin(page);
      await page.goto('/admin?tab=qa');
      await settle(page);
      const region = page.getByRole('region', { name: 'QA table' });
      await expect(region.getByRole('table')).toBeVisible();
      const sizes = await region.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await expect(region).toHaveAttribute('tabindex', '0');
      // Tab order: from the last filter button into the region.
      await page.getByRole('button', { name: 'Recently Modified' }).focus();
      await page.keyboard.press('Tab');
      await expect(region).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      // A row's Review link, off to the right, comes into view as the region scrolls.
      const review = region.getByRole('link', { name: /^Review / }).first();
      await expect(review).not.toBeInViewport();
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(review).toBeInViewport();
      expect((await pageWidth(page)).scrollWidth).toBeLessThanOrEqual(viewport.width);
    });
  });
}
