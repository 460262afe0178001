import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import { adminClient, makeLesson, signInAdmin } from './admin-support.ts';

// Issue 14, point 1: unsaved changes are protected on every way out: in-app links and buttons
// (Back to QA Dashboard, the header's links and Sign Out), the admin tabs and the browser's
// back button ask first; reload and close get the browser's own warning (beforeunload).

const UNSAVED = 'You have unsaved changes. Leave anyway?';

/** Answers native confirms with `answer()` and records their texts. */
function answerConfirms(page: Page, answer: () => boolean): string[] {
  const seen: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => {
    seen.push(d.message());
    void (d.type() === 'confirm' && answer() ? d.accept() : d.dismiss());
  });
  return seen;
}

const unloadCancelled = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test.describe('unsaved changes in the admin area', () => {
  test('the review editor asks on every way out and keeps the edits when the admin stays', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    let leave = false;
    const asked = answerConfirms(page, () => leave);
    await signInAdmin(page);
    await page.goto('/admin?tab=qa');
    // In-app, so the browser's back button stays inside the app (a new document would get
    // the beforeunload prompt instead, checked below).
    await page
      .getByRole('link', { name: `Review Lesson ${lesson.number}: ${lesson.title}` })
      .click();
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue(lesson.title);
    await title.fill(`${lesson.title} (unsaved)`);
    const reviewUrl = new RegExp(`/admin/review/${lesson.id}$`);

    const waysOut: [string, () => Promise<void>][] = [
      [
        'Back to QA Dashboard',
        () => page.getByRole('button', { name: /Back to QA Dashboard/ }).click(),
      ],
      [
        'Learner app',
        () => page.getByRole('banner').getByRole('link', { name: 'Learner app' }).click(),
      ],
      [
        'Lessons & QA',
        () => page.getByRole('banner').getByRole('link', { name: 'Lessons & QA' }).click(),
      ],
      ['Upload', () => page.getByRole('banner').getByRole('link', { name: 'Upload' }).click()],
      [
        'Sign Out',
        () => page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click(),
      ],
      // The browser's back button (history.back(): page.goBack() waits for a load that a
      // same-document entry never fires).
      ['browser back', () => page.evaluate(() => history.back())],
    ];
    for (const [name, way] of waysOut) {
      const before = asked.length;
      await way();
      await expect.poll(() => asked.length, name).toBe(before + 1);
      expect(asked[before], name).toBe(UNSAVED);
      await expect(page, name).toHaveURL(reviewUrl);
      await expect(title, name).toHaveValue(`${lesson.title} (unsaved)`);
    }
    await expect(page.getByRole('banner').getByText('Signed in as')).toBeVisible();
    // Reload, close or a typed address: the page cancels unload, the browser asks.
    expect(await unloadCancelled(page)).toBe(true);

    // Leaving on purpose: the edit is dropped, nothing was saved.
    leave = true;
    await page.getByRole('button', { name: /Back to QA Dashboard/ }).click();
    await expect(page).toHaveURL(/\/admin\?tab=qa$/);
    expect(await unloadCancelled(page)).toBe(false);
    const { data } = await db.from('lessons').select('title').eq('id', lesson.id).single();
    expect(data?.title).toBe(lesson.title);

    // Saved work leaves without a question.
    await page.goto(`/admin/review/${lesson.id}`);
    await title.fill(`${lesson.title} (saved)`);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    const count = asked.length;
    await page.getByRole('button', { name: /Back to QA Dashboard/ }).click();
    await expect(page).toHaveURL(/\/admin\?tab=qa$/);
    expect(asked.length).toBe(count);
  });

  test('the create and edit dialogs ask before Escape, ×, Cancel or browser back throw input away', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    let leave = false;
    const asked = answerConfirms(page, () => leave);
    await signInAdmin(page);
    // From the dashboard in-app, so the browser's back button returns to it inside the app.
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Lessons' }).click();
    await expect(page).toHaveURL(/tab=lessons/);
    await page.getByRole('button', { name: 'Create New Lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Lesson' });
    await expect(dialog.getByLabel('Lesson Number')).not.toHaveValue('');
    // Untouched, the dialog closes without a question.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(asked).toEqual([]);

    await page.getByRole('button', { name: 'Create New Lesson' }).click();
    await dialog.getByLabel('Title').fill('Piacon');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.evaluate(() => history.back());
    await expect.poll(() => asked.length).toBe(4);
    expect(new Set(asked)).toEqual(new Set([UNSAVED]));
    await expect(page).toHaveURL(/tab=lessons/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue('Piacon');

    leave = true;
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create New Lesson' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The edit dialog: a changed title is asked about too.
    leave = false;
    await page.getByRole('button', { name: `Edit ${lesson.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Lesson' });
    await edit.getByLabel('Title').fill(`${lesson.title} (edited)`);
    const before = asked.length;
    await page.keyboard.press('Escape');
    await expect.poll(() => asked.length).toBe(before + 1);
    await expect(edit).toBeVisible();
    leave = true;
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });
});
