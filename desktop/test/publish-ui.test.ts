import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import type { Backend } from './support/backend.ts';
import { startBackendProcess } from './support/backend.ts';
import { writeCleanLesson } from './support/lessons.ts';
import { studioPage } from './support/page.ts';
import { timeAllLines } from './support/timing.ts';

const ADMIN = { email: 'ui-admin@magyarul.local', password: 'ui-admin-password' };

describe('publishing from the studio in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-publish-ui-'));
  let backend: Backend;
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  let webLessonId = '';
  const service = (): SupabaseClient<Database> =>
    createClient<Database>(backend.url, backend.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
  const dialog = () => page.getByRole('form', { name: 'Publish' });
  const lessonRow = (title: string) => page.locator(`[data-lesson="${title}"]`);
  const open = async () => {
    await page.getByRole('button', { name: /^Publish \d+ lesson\(s\)…$/ }).click();
    await dialog().waitFor();
  };
  const fill = async (password = ADMIN.password) => {
    await dialog().getByLabel('Server URL').fill(backend.url);
    await dialog().getByLabel('Anon key').fill(backend.anonKey);
    await dialog().getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await dialog().getByLabel('Password', { exact: true }).fill(password);
  };
  const check = async () => {
    await dialog().getByRole('button', { name: 'Check', exact: true }).click();
    await dialog().getByRole('list', { name: 'Lesson checks' }).waitFor({ timeout: 30_000 });
  };
  const verdict = (label: string) =>
    dialog().getByRole('list', { name: 'Lesson checks' }).getByRole('listitem', { name: label });

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '909 Bolt', 2);
    writeCleanLesson(root, '910 Posta', 2);
    writeCleanLesson(root, '911 Vonat', 2);
    backend = await startBackendProcess(join(base, 'backend'));
    const db = service();
    const { data, error } = await db.auth.admin.createUser({ ...ADMIN, email_confirm: true });
    if (error) throw error;
    await db
      .from('user_roles')
      .upsert({ user_id: data.user.id, role: 'admin' }, { onConflict: 'user_id' });
    const web = await db
      .from('lessons')
      .insert({ lesson_number: 910, title: 'Posta (web)' })
      .select('id')
      .single();
    if (web.error) throw web.error;
    webLessonId = web.data.id;
    harness = await startHarness({ dataDir: join(base, 'data'), root });
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](root);
    // Bolt and Posta are timed, as an author leaves them; Vonat is not.
    for (const lesson of harness.studio.store.lessons.list()) {
      if (lesson.title !== 'Vonat') timeAllLines(harness.studio.store, lesson.id);
    }
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(harness.url);
    await page.getByLabel('Choose every lesson for publishing').check();
    await open();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await backend?.kill();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns the sign-in error for a wrong password', async () => {
    await fill('not-the-password');
    await dialog().getByRole('button', { name: 'Check', exact: true }).click();
    await expect
      .poll(() => dialog().locator('p[role="alert"]').textContent(), { timeout: 20_000 })
      .toMatch(/^Sign-in failed: .*invalid/i);
  });

  it('returns a warning before the password goes over plain http to another machine', async () => {
    await dialog().getByLabel('Server URL').fill('http://10.20.30.40:54321');
    const warning = dialog().locator('.insecure');
    await expect
      .poll(() => warning.textContent())
      .toContain('your password would travel unencrypted');
    const checkButton = dialog().getByRole('button', { name: 'Check', exact: true });
    expect(await checkButton.isDisabled()).toBe(true);
    await warning.getByLabel('Send my password unencrypted anyway').check();
    expect(await checkButton.isEnabled()).toBe(true);
    await dialog().getByLabel('Server URL').fill('https://magyarul.example');
    expect(await warning.count()).toBe(0);
  });

  it('returns each lesson’s checks and its number conflict before anything is sent', async () => {
    await fill();
    await check();
    await expect
      .poll(() => verdict('Lesson 909 “Bolt”').getAttribute('data-verdict'))
      .toBe('ready');
    expect(await verdict('Lesson 910 “Posta”').textContent()).toContain(
      'The server already has lesson 910: “Posta (web)”.',
    );
    const vonat = verdict('Lesson 911 “Vonat”');
    expect(await vonat.getAttribute('data-verdict')).toBe('blocked');
    expect(await vonat.textContent()).toContain('Error: Line 1 has no start or end time.');
    expect(
      await dialog().getByRole('button', { name: 'Publish 1 ready lesson(s)' }).isEnabled(),
    ).toBe(true);
    const onServer = await service().from('lessons').select('id');
    expect(onServer.data).toEqual([{ id: webLessonId }]);
  });

  it('returns the server’s lesson updated in place once chosen, and only ready lessons sent', async () => {
    await verdict('Lesson 910 “Posta”')
      .getByRole('button', { name: 'Update that lesson in place' })
      .click();
    await expect
      // The choice signs in and checks again, as Check does (see `check`): as long to wait.
      .poll(() => verdict('Lesson 910 “Posta”').getAttribute('data-verdict'), { timeout: 30_000 })
      .toBe('ready');
    await dialog().getByRole('button', { name: 'Publish 2 ready lesson(s)' }).click();
    const items = dialog().getByRole('list', { name: 'Publish items' });
    await expect
      .poll(() => items.textContent(), { timeout: 60_000 })
      .toContain('Lesson 911 “Vonat” — checks: blocked');
    const text = await items.textContent();
    expect(text).toContain('Lesson 909 “Bolt” — transcript: uploaded');
    expect(text).toContain('Lesson 910 “Posta” — lesson: uploaded');
    const bar = dialog().getByRole('progressbar', { name: 'Publish progress' });
    expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
    const rows = await service()
      .from('lessons')
      .select('id, title, lesson_number')
      .order('lesson_number');
    expect(rows.data).toEqual([
      { id: expect.any(String) as string, title: 'Bolt', lesson_number: 909 },
      { id: webLessonId, title: 'Posta', lesson_number: 910 },
    ]);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => lessonRow('Posta').textContent()).toContain('draft on server');
    expect(await lessonRow('Vonat').textContent()).toContain('not published');
  });

  it('returns the changed-since-publish marker after an edit, and warnings sent only with Publish anyway', async () => {
    const studio = studioPage(page);
    await studio.openLesson('Bolt');
    await studio.selectLine(1);
    const german = page.getByLabel('German translation of line 1');
    await german.fill('');
    await german.press('Enter');
    await expect.poll(() => lessonRow('Bolt').textContent()).toContain('changed since publish');
    await page.getByLabel('Publish Posta').uncheck();
    await page.getByLabel('Publish Vonat').uncheck();
    await open();
    // Server, key and e-mail are remembered; the password is not.
    await expect.poll(() => dialog().getByLabel('Server URL').inputValue()).toBe(backend.url);
    expect(await dialog().getByLabel('Email', { exact: true }).inputValue()).toBe(ADMIN.email);
    expect(await dialog().getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await dialog().getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await check();
    expect(await verdict('Lesson 909 “Bolt”').textContent()).toContain(
      'Warning: German translation missing for 1 of 2 lines.',
    );
    expect(
      await dialog().getByRole('button', { name: 'Publish 0 ready lesson(s)' }).isDisabled(),
    ).toBe(true);
    await dialog()
      .getByRole('button', { name: /^Publish anyway/ })
      .click();
    const items = dialog().getByRole('list', { name: 'Publish items' });
    await expect
      .poll(() => items.textContent(), { timeout: 60_000 })
      .toContain('Lesson 909 “Bolt” — transcript: uploaded');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => lessonRow('Bolt').textContent()).not.toContain('changed since publish');
    const bolt =
      harness.studio.store.lessons.list().find((l) => l.title === 'Bolt')?.remoteId ?? '';
    const line = await service()
      .from('lesson_transcript')
      .select('translation_de')
      .eq('line_number', 1)
      .eq('lesson_id', bolt);
    expect(line.data).toEqual([{ translation_de: null }]);
  });

  it('returns a dialog that fits a 390 px window and scrolls within it, nothing cut off', async () => {
    // A short window too, so that the dialog with its checks is taller than it.
    const narrow = await browser.newPage({ viewport: { width: 390, height: 480 } });
    try {
      await narrow.goto(harness.url);
      await narrow.getByLabel('Choose every lesson for publishing').check();
      await narrow.getByRole('button', { name: /^Publish \d+ lesson\(s\)…$/ }).click();
      const form = narrow.getByRole('form', { name: 'Publish' });
      await form.waitFor();
      await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await form.getByRole('button', { name: 'Check', exact: true }).click();
      await form.getByRole('list', { name: 'Lesson checks' }).waitFor({ timeout: 30_000 });

      const geometry = () =>
        form.evaluate((el) => {
          const rect = el.getBoundingClientRect();
          return {
            left: rect.left,
            right: rect.right,
            top: rect.top,
            bottom: rect.bottom,
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
            scrollHeight: el.scrollHeight,
            clientHeight: el.clientHeight,
            innerWidth: window.innerWidth,
            innerHeight: window.innerHeight,
          };
        });
      const g = await geometry();
      // The whole dialog is in the window; nothing in it is wider than it.
      expect(g.left).toBeGreaterThanOrEqual(0);
      expect(g.right).toBeLessThanOrEqual(g.innerWidth);
      expect(g.top).toBeGreaterThanOrEqual(0);
      expect(g.bottom).toBeLessThanOrEqual(g.innerHeight);
      expect(g.scrollWidth).toBeLessThanOrEqual(g.clientWidth);
      // Taller than the window: it scrolls inside itself, and every control is reachable.
      expect(g.scrollHeight).toBeGreaterThan(g.clientHeight);
      for (const control of await form.locator('input, select, button').all()) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        if (!box) throw new Error('a control has no box');
        expect(box.x).toBeGreaterThanOrEqual(g.left);
        expect(box.x + box.width).toBeLessThanOrEqual(g.right);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(g.innerHeight);
      }
      // The end of the checks comes into view by scrolling the dialog.
      const last = form.getByRole('list', { name: 'Lesson checks' }).locator('li').last();
      await last.scrollIntoViewIfNeeded();
      const end = await last.boundingBox();
      expect((end?.y ?? 0) + (end?.height ?? 0)).toBeLessThanOrEqual(g.innerHeight);
      expect(await form.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await form.getByRole('button', { name: 'Close' }).scrollIntoViewIfNeeded();
      await form.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => form.count()).toBe(0);
    } finally {
      await narrow.close();
    }
  });
});
