import {
  DEMO_PASSWORD,
  expect,
  latestMail,
  linkIn,
  signIn,
  test,
  uniqueEmail,
  createLearner,
} from './support.ts';
import { clientFor } from './admin/admin-support.ts';

test.describe('auth flows', () => {
  test('sign-up validates, shows Check Your Email, resends and confirms through the outbox', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Name').fill('Réka Próba');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await latestMail(request, email);

    await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
    await expect(page.getByText('Confirmation email resent! Check your inbox.')).toBeVisible();

    const link = linkIn(await latestMail(request, email));
    // The web app uses the PKCE flow: the link's token is pkce_… and it returns with ?code=.
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText('Hello, Réka Próba!')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('login shows the provider error, then Welcome! for a new learner and Welcome back! later', async ({
    page,
    request,
  }) => {
    const email = await createLearner(request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is required');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Issue 29: a brand-new learner is welcomed, not welcomed back.
    await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
    await expect(page.getByText('Welcome back!')).toHaveCount(0);
    // A signed-in visitor of /auth goes straight to the dashboard.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Once the learner has begun (lesson 1's audio), signing in again welcomes them back.
    const db = await clientFor(request, email);
    const lessons = await db.from('lessons').select('id').eq('lesson_number', 1).single();
    expect(
      (await db.rpc('complete_lesson_audio', { _lesson_id: lessons.data?.id ?? '' })).error,
    ).toBeNull();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, email);
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });

  test('forgot password sends a link; /reset-password sets a new password and returns to /auth', async ({
    page,
    request,
  }) => {
    const email = await createLearner(request);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password? Click here to reset it.' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(
      page.getByText('Reset email sent! Check your inbox and spam folder.'),
    ).toBeVisible();

    const link = linkIn(await latestMail(request, email, /reset|recover|password/i));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
    await page.getByLabel('Confirm New Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText("Passwords don't match");
    await page.getByLabel('New Password', { exact: true }).fill('short12');
    await page.getByLabel('Confirm New Password').fill('short12');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');
    await page.getByLabel('New Password', { exact: true }).fill('new-password-1');
    await page.getByLabel('Confirm New Password').fill('new-password-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 });

    await signIn(page, email, 'new-password-1');
  });

  test('/reset-password without recovery parameters shows the expired-link text', async ({
    page,
  }) => {
    await page.goto('/reset-password');
    await expect(
      page.getByText('This reset link has expired. Please request a new one.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('/auth enters Reset Your Password mode from recovery tokens', async ({ page, request }) => {
    const email = await createLearner(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(
      page.getByText('Reset email sent! Check your inbox and spam folder.'),
    ).toBeVisible();
    const link = new URL(linkIn(await latestMail(request, email, /reset|recover|password/i)));
    const redirect = new URL(link.searchParams.get('redirect_to') ?? page.url());
    redirect.pathname = '/auth';
    link.searchParams.set('redirect_to', redirect.toString());
    await page.goto(link.toString());
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('abc12');
    await page.getByLabel('Confirm New Password').fill('abc12');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pw');
    await page.getByLabel('Confirm New Password').fill('brand-new-pw');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
