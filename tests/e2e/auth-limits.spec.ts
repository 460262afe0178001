import { createLearner, expect, latestMail, linkIn, test } from './support.ts';

// What a learner (or the admin: the same sign-in form) sees when the auth limits step in: a
// sign-in held back after repeated wrong passwords says when to try again, and a reset link whose
// code a stranger guessed at says it can no longer be used and offers a new one.

test.describe('auth limits on the page', () => {
  test('after five wrong passwords the sign-in form says when to try again', async ({
    page,
    request,
  }) => {
    const email = await createLearner(request);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    const signIn = page.getByRole('button', { name: 'Sign In' });
    for (let n = 1; n <= 5; n += 1) {
      await password.fill(`wrong-password-${n}`);
      await signIn.click();
      await expect(page.getByRole('alert').first()).toHaveText('Invalid login credentials');
    }
    await password.fill('wrong-password-6');
    await signIn.click();
    // The server's message as a toast (the spec's "provider's message"), the wait on the form.
    await expect(page.getByText(/Too many failed sign-in attempts/)).toBeVisible();
    const note = page.locator('.wait-note');
    await expect(note).toHaveText(/^Too many attempts\. You can try again in \d+ s\.$/);
    await expect(signIn).toBeDisabled();
    const first = Number(/in (\d+) s/.exec((await note.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect
      .poll(async () => Number(/in (\d+) s/.exec((await note.textContent()) ?? '')?.[1]))
      .toBeLessThan(first);
  });

  test('a reset link whose code was guessed at five times says so and offers a new one', async ({
    page,
    request,
  }) => {
    const email = await createLearner(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(
      page.getByText('Reset email sent! Check your inbox and spam folder.'),
    ).toBeVisible();
    const mail = await latestMail(request, email, /reset|recover|password/i);
    const code = /enter the code: (\d+)/.exec(mail.text)?.[1] ?? '';
    const info = (await (await request.get('/_dev/info')).json()) as { anonKey: string };
    for (let n = 1; n <= 5; n += 1) {
      const guess = String((Number(code) + n) % 1_000_000).padStart(6, '0');
      const res = await request.post('/auth/v1/verify', {
        headers: { apikey: info.anonKey },
        data: { email, token: guess, type: 'recovery' },
      });
      expect(res.status()).toBe(403);
    }
    await page.goto(linkIn(mail));
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(
      page.getByText(
        'This link has expired, has already been used, or was blocked after too many wrong codes.',
        { exact: false },
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
