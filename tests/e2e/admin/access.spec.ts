import { createLearner } from '../support.ts';
import { expect, test, signIn } from '../support.ts';
import { signInAdmin } from './admin-support.ts';

test.describe('admin access and tabs', () => {
  test('a visitor is sent to /auth and a learner to /dashboard', async ({ page, request }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
    const email = await createLearner(request);
    await signIn(page, email);
    await page.goto('/admin?tab=qa');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the admin sees five tabs; ?tab= wins, then the remembered tab, then Lessons', async ({
    page,
  }) => {
    await signInAdmin(page);
    await page.goto('/admin');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Lessons', 'QA', 'Users', 'Feedback', 'Analytics']);
    await expect(page.getByRole('tab', { name: 'Lessons' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Create New Lesson' })).toBeVisible();

    await page.goto('/admin?tab=feedback');
    await expect(page.getByRole('heading', { name: 'User Feedback' })).toBeVisible();

    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'User Progress' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/admin?tab=qa');
    await expect(page.getByRole('tab', { name: 'QA' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the dashboard links admins to /admin', async ({ page }) => {
    await signInAdmin(page);
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  });
});
