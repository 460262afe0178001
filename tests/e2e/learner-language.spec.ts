import { deMail, esMail } from '@magyarul/core/messages';
import { clientFor } from './admin/admin-support.ts';
import { DEMO_PASSWORD, expect, latestMail, linkIn, test, uniqueEmail } from './support.ts';
import { finishAudio, textsIn, useLanguage, type Texts } from './day-support.ts';
import type { Page } from '@playwright/test';

// Issue 29 point 6: every text in the learner's language. Sign-up and password-reset e-mails in
// German or Spanish by the learner's language (sent at sign-up, following a later switch); a new
// learner is welcomed, not welcomed back; a sign-up confirmed in another browser says so on the
// sign-in page; speaker labels and counted texts in the language. At 390×844 in German and
// 1440×900 in Spanish.

async function signUp(page: Page, t: Texts, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: t('auth.tab.signUp') }).click();
  await page.getByLabel(t('auth.name')).fill('Nyelv Tanuló');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(t('auth.confirmPassword')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth.createAccount') }).click();
  await expect(page.getByRole('heading', { name: t('auth.checkYourEmail') })).toBeVisible();
}

async function askForReset(page: Page, t: Texts, email: string): Promise<void> {
  await page.goto('/forgot-password');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByRole('button', { name: t('auth.sendResetEmail') }).click();
  await expect(page.getByText(t('auth.resetEmailSent'))).toBeVisible();
}

test.describe('every text in the learner’s language', () => {
  test('phone, German: German e-mails, confirmed in another browser, welcomed, Erzähler, 1 Tag in Folge', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const t = textsIn('de');
    await useLanguage(page, 'de');
    const email = uniqueEmail('sprache');
    await signUp(page, t, email);
    const confirmation = await latestMail(request, email);
    expect(confirmation.subject).toBe(deMail['signup.subject']);
    expect(confirmation.text).toContain(deMail['signup.intro']);

    // The link opened in another browser (no PKCE verifier there): confirmed, please sign in.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const elsewhere = await other.newPage();
    await useLanguage(elsewhere, 'de');
    await elsewhere.goto(linkIn(confirmation));
    await expect(elsewhere).toHaveURL(/\/auth$/);
    await expect(elsewhere.getByRole('status')).toHaveText(t('auth.confirmedSignIn'));
    await elsewhere.screenshot({ path: test.info().outputPath('confirmed-elsewhere-de.png') });
    await elsewhere.getByLabel(t('auth.email')).fill(email);
    await elsewhere.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
    await elsewhere.getByRole('button', { name: t('auth.signIn') }).click();
    await expect(elsewhere).toHaveURL(/\/dashboard$/);
    // A brand-new learner: welcomed, not welcomed back.
    await expect(elsewhere.getByText(t('auth.welcome'), { exact: true })).toBeVisible();
    await expect(elsewhere.getByText(t('auth.welcomeBack'))).toHaveCount(0);

    // The transcript's speakers in German; the streak's one day in the singular.
    await elsewhere.getByRole('link', { name: /^1\. / }).click();
    const speakers = elsewhere.locator('ol.transcript .speaker');
    await expect(speakers.first()).toHaveText(t('speaker.narrator'));
    expect(await speakers.allInnerTexts()).toContain('ERZÄHLER');
    await finishAudio(elsewhere, t);
    await elsewhere.goto('/dashboard');
    await expect(elsewhere.locator('.streak')).toHaveText('1 Tag in Folge');
    await other.close();

    // Signed out, a password reset in German.
    await askForReset(page, t, email);
    const reset = await latestMail(request, email, new RegExp(deMail['recovery.subject']));
    expect(reset.text).toContain(deMail['recovery.intro']);
  });

  test('desktop, Spanish: Spanish e-mail, welcomed on confirming; a switch to German moves the e-mails along', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const t = textsIn('es');
    await useLanguage(page, 'es');
    const email = uniqueEmail('idioma');
    await signUp(page, t, email);
    const confirmation = await latestMail(request, email);
    expect(confirmation.subject).toBe(esMail['signup.subject']);

    // Confirmed in the same browser: signed in on the dashboard and welcomed.
    await page.goto(linkIn(confirmation));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(t('auth.welcome'), { exact: true })).toBeVisible();
    await expect(page.locator('.streak')).toHaveText('Racha de 0 días');
    const db = await clientFor(request, email);
    const profile = async () =>
      (await db.from('profiles').select('interface_language').single()).data?.interface_language;
    expect(await profile()).toBe('es');

    // The learner switches the interface to German: the account follows, and so do its e-mails.
    await page.getByLabel(t('app.language')).selectOption('de');
    await expect.poll(profile, { timeout: 10_000 }).toBe('de');
    const de = textsIn('de');
    await page.getByRole('button', { name: de('landing.nav.signOut') }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await askForReset(page, de, email);
    const reset = await latestMail(request, email, new RegExp(deMail['recovery.subject']));
    expect(reset.text).toContain(deMail['recovery.intro']);
  });
});
