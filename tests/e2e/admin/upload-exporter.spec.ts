import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import {
  adminClient,
  baseUrl,
  fixture,
  NFD_KOSZONOM,
  signInAdmin,
  uniqueTitle,
} from './admin-support.ts';
import { anonKey } from '../support.ts';

const COPY_FAILED = 'Could not copy to the clipboard. Select the text and copy it by hand.';

/**
 * Sets this page's clipboard-write permission to "denied" in the browser (as a visitor who
 * blocked the clipboard for the site): Chromium then rejects navigator.clipboard.writeText with
 * NotAllowedError. A context merely without the permission is not enough: headless Chromium
 * lets a click write to the clipboard anyway. The setting lasts while the returned session is
 * attached (Chromium drops a DevTools client's permission overrides when it detaches): detach
 * it at the end.
 */
async function denyClipboardWrite(page: Page): Promise<CDPSession> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const target = await page.context().newCDPSession(page);
  const { targetInfo } = await target.send('Target.getTargetInfo');
  await target.detach();
  const session = await browser.newBrowserCDPSession();
  await session.send('Browser.setPermission', {
    permission: { name: 'clipboard-write' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  return session;
}

test.describe('upload form and landing-page exporter', () => {
  test('/upload needs sign-in, checks required fields and stores an unpublished lesson with its files', async ({
    page,
    request,
  }) => {
    await page.goto('/upload');
    await expect(page).toHaveURL(/\/auth$/);
    await signInAdmin(page);
    await page.goto('/upload');
    await expect(page.getByRole('heading', { name: 'Upload Lesson' })).toBeVisible();
    for (const field of [
      'Title*',
      'Level*',
      'Description',
      'Topic',
      'Duration (minutes)',
      'From Language',
      'To Language',
    ]) {
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    }
    const title = uniqueTitle('Feltöltés');
    await page.getByLabel('Title*').fill(title);
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please fill in required fields' }),
    ).toBeVisible();

    await page.getByLabel('Level*').selectOption('intermediate');
    await page.getByLabel('Topic').fill('Piac');
    await page.getByLabel('Duration (minutes)').fill('5');
    await page.getByLabel('From Language').selectOption('german');
    await page
      .getByLabel('Files')
      .setInputFiles([fixture('lesson.wav'), fixture(NFD_KOSZONOM), fixture('transcript.csv')]);
    const list = page.getByRole('list', { name: 'Files' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('lesson.wav');
    await expect(list.getByRole('listitem').first()).toContainText('0.11 MB');
    await expect(list).toContainText('Köszönöm.mp3'.normalize('NFC'));
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(page.getByText('Lesson uploaded successfully!')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const db = await adminClient(request);
    const { data: lesson } = await db
      .from('lessons')
      .select('id, is_published, level, topic, duration, language_from, language_to, audio_url')
      .eq('title', title)
      .single();
    expect(lesson).toMatchObject({
      is_published: false,
      level: 'intermediate',
      topic: 'Piac',
      duration: 300,
      language_from: 'german',
      language_to: 'hungarian',
    });
    const { data: files } = await db
      .from('lesson_files')
      .select('file_name, file_type, bucket_id, file_size, file_path')
      .eq('lesson_id', lesson?.id ?? '')
      .order('file_name');
    expect(files?.map((f) => [f.file_name, f.file_type, f.bucket_id])).toEqual([
      ['Köszönöm.mp3'.normalize('NFC'), 'audio', 'lesson-audio'],
      ['lesson.wav', 'audio', 'lesson-audio'],
      ['transcript.csv', 'document', 'lesson-documents'],
    ]);
    for (const f of files ?? []) expect(f.file_path.startsWith(`${lesson?.id}/`)).toBe(true);
    const doc = await db.storage
      .from('lesson-documents')
      .download(files?.find((f) => f.bucket_id === 'lesson-documents')?.file_path ?? '');
    expect(await doc.data?.text()).toBe(readFileSync(fixture('transcript.csv'), 'utf8'));
  });

  test('a lesson uploaded on /upload is in the admin lessons list without a reload', async ({
    page,
  }) => {
    await signInAdmin(page);
    // The list is read (and cached, fresh for 30 s) before the upload.
    await page.goto('/admin?tab=lessons');
    await expect(page.getByRole('button', { name: 'Create New Lesson' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await nav.getByRole('link', { name: 'Upload' }).click();
    await expect(page).toHaveURL(/\/upload$/);
    const title = uniqueTitle('Frissen feltöltve');
    await page.getByLabel('Title*').fill(title);
    await page.getByLabel('Level*').selectOption('beginner');
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(page.getByText('Lesson uploaded successfully!')).toBeVisible();
    // Back through the app's own navigation (no page load): the list shows the new draft.
    await nav.getByRole('link', { name: 'Lessons & QA' }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Draft');
  });

  test('/upload refuses when the session ended elsewhere', async ({ page, request }) => {
    await signInAdmin(page);
    await page.goto('/upload');
    const token = await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.endsWith('-auth-token')) {
          return (
            (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string })
              .access_token ?? ''
          );
        }
      }
      return '';
    });
    const key = await anonKey(request);
    const res = await request.post(`${baseUrl()}/auth/v1/logout?scope=global`, {
      headers: { apikey: key, authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(204);
    await page.getByLabel('Title*').fill('Session gone');
    await page.getByLabel('Level*').selectOption('beginner');
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    // The toast stays while the guard then sends the signed-out visitor to /auth.
    await expect(page.getByText('You must be logged in to upload lessons').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    const db = await adminClient(request);
    const { data } = await db.from('lessons').select('id').eq('title', 'Session gone');
    expect(data).toEqual([]);
  });

  test('/hubspot-exporter is public and generates, copies and downloads both files', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/hubspot-exporter');
    await page.getByRole('button', { name: 'Generate' }).click();
    const html = await page.getByLabel('magyarul-template.html').inputValue();
    for (const text of ['10,000+', '500+', '95%', '30 min', '12 min', '4.9', '25 words']) {
      expect(html).toContain(text);
    }
    await expect(page.getByRole('heading', { name: 'Setup instructions' })).toBeVisible();
    await expect(page.locator('ol').last().getByRole('listitem')).toHaveCount(4);

    await page.getByRole('button', { name: 'Copy magyarul-template.html' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    await expect(page.getByText(COPY_FAILED)).toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

    // The same toast is shown again (its text is its id); the clipboard now holds the styles.
    await page.getByRole('button', { name: 'Copy magyarul-styles.css' }).click();
    const css = await page.getByLabel('magyarul-styles.css').inputValue();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(css);
    await expect(page.getByText('Copied to clipboard')).toBeVisible();

    for (const name of ['magyarul-template.html', 'magyarul-styles.css']) {
      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${name}` }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(name);
      expect(readFileSync(await download.path(), 'utf8')).toBe(
        await page.getByLabel(name).inputValue(),
      );
    }
  });
  test('/hubspot-exporter says the copy failed when the clipboard refuses it', async ({ page }) => {
    await page.goto('/hubspot-exporter');
    const denied = await denyClipboardWrite(page);
    expect(
      await page.evaluate(
        async () =>
          (await navigator.permissions.query({ name: 'clipboard-write' as PermissionName })).state,
      ),
    ).toBe('denied');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Copy magyarul-template.html' }).click();
    await expect(page.getByText(COPY_FAILED)).toBeVisible();
    // Both would show together (a toast stays 4 s): the success one is not there.
    await expect(page.getByText('Copied to clipboard')).toHaveCount(0);
    await denied.detach();
  });
});
