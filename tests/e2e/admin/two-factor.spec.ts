import { totpCode } from '../../../supabase/local/src/auth/totp.ts';
import { createLearner, expect, signIn, test } from '../support.ts';
import { serviceClient } from './admin-support.ts';

// An admin turns on two-factor authentication from the admin page (QR code, key, first code);
// the next sign-in with the password alone meets a prompt for the code before the admin area,
// a wrong code is refused with the catalogue's message, the right one opens it. A fresh admin
// (not the demo one other tests sign in as). Codes: the current step at set-up, the next step
// at sign-in, so the second code is newer than the first without waiting.

test.describe('admin two-factor authentication', () => {
  test('set up from /admin, then the code is asked for before the admin area', async ({
    page,
    request,
  }) => {
    const email = await createLearner(request, 'Two Factor Admin');
    const service = serviceClient();
    const { data: users } = await service.auth.admin.listUsers({ perPage: 1000 });
    const userId = users.users.find((u) => u.email === email)?.id ?? '';
    const promoted = await service
      .from('user_roles')
      .update({ role: 'admin' })
      .eq('user_id', userId);
    expect(promoted.error).toBeNull();

    await signIn(page, email);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Lessons' })).toBeVisible();
    await page.getByRole('button', { name: 'Two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(
      dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = (await dialog.locator('.mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('6-digit code').fill('12345');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Enter the 6 digits your authenticator app shows.',
    );
    await dialog.getByLabel('6-digit code').fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Two-factor authentication is on: admin changes need a code from your authenticator app.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('tab', { name: 'Lessons' })).toBeVisible();

    // A new visit with the password only: the stored (aal2) session is gone.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, email);
    await page.goto('/admin');
    await expect(
      page.getByRole('heading', { name: 'Enter your authentication code' }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lessons' })).toHaveCount(0);
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not valid. Enter the current 6-digit code from your authenticator app.',
    );
    await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('tab', { name: 'Lessons' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Lesson' })).toBeVisible();
  });
});
