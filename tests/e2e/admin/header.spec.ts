import { DEMO_ADMIN, expect, test } from '../support.ts';
import { adminClient, makeLesson, signInAdmin, uniqueTitle } from './admin-support.ts';

// Issue 14, point 3: every admin route has the admin header (the signed-in account, Sign Out,
// a link to the learner app, Send Feedback, two-factor authentication), and the learner pages'
// floating Send Feedback button never sits over admin content.

test.describe('admin header', () => {
  test('every admin route: account, learner app link, Send Feedback and Sign Out; no floating button', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await signInAdmin(page);
    for (const path of ['/admin', `/admin/review/${lesson.id}`, '/upload', '/hubspot-exporter']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header.getByText(`Signed in as ${DEMO_ADMIN}`), path).toBeVisible();
      await expect(header.getByRole('link', { name: 'Learner app' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      await expect(header.getByRole('button', { name: 'Send Feedback' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Two-factor authentication' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      // The only Send Feedback control is the header's: nothing floats over the tables.
      await expect(page.getByRole('button', { name: 'Send Feedback' })).toHaveCount(1);
      await expect(page.locator('.feedback-fab')).toHaveCount(0);
    }

    // Send Feedback from the header stores the feedback with the admin page it came from.
    await page.goto('/admin?tab=qa');
    await page.getByRole('banner').getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    const title = uniqueTitle('Header feedback');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Sent from the admin header.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const { data: stored } = await db
      .from('user_feedback')
      .select('title, page_url')
      .eq('title', title)
      .single();
    expect(stored?.page_url).toMatch(/\/admin\?tab=qa$/);

    // The learner app is one click away, and back.
    await page.getByRole('banner').getByRole('link', { name: 'Learner app' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Lessons' })).toBeVisible();

    // Sign Out ends the session: the admin area then asks for a sign-in.
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('at 390 px the header keeps its actions in a Menu and nothing overlaps the QA table', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAdmin(page);
    await page.goto('/admin?tab=qa');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // Nothing fixed in the page's corners (where the floating button used to be).
    const fixed = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('body *')).filter(
          (el) =>
            getComputedStyle(el).position === 'fixed' && el.getBoundingClientRect().height > 0,
        ).length,
    );
    expect(fixed).toBe(0);
  });
});
