import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import type { Backend } from './support/backend.ts';
import { startBackendProcess } from './support/backend.ts';
import { writeLessonsRoot } from './support/lessons.ts';

const ADMIN = { email: 'ui-admin@magyarul.local', password: 'ui-admin-password' };

describe('publish panel in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-publish-ui-'));
  let backend: Backend;
  let harness: Harness;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    writeLessonsRoot(join(base, 'lessons'));
    backend = await startBackendProcess(join(base, 'backend'));
    const service = createClient(backend.url, backend.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await service.auth.admin.createUser({ ...ADMIN, email_confirm: true });
    if (error) throw error;
    const role = await service
      .from('user_roles')
      .upsert({ user_id: data.user.id, role: 'admin' }, { onConflict: 'user_id' });
    if (role.error) throw role.error;
    harness = await startHarness({ dataDir: join(base, 'data'), root: join(base, 'lessons') });
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](join(base, 'lessons'));
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(harness.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await backend?.kill();
    rmSync(base, { recursive: true, force: true });
  });

  const fill = async (password: string) => {
    const form = page.getByRole('form', { name: 'Publish' });
    await form.getByLabel('Server URL').fill(backend.url);
    await form.getByLabel('Anon key').fill(backend.anonKey);
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    return form;
  };

  it('returns the sign-in error for a wrong password', async () => {
    await page.getByLabel('Publish Köszönés').check();
    const form = await fill('not-the-password');
    await form.getByRole('button', { name: 'Publish 1 lesson(s)' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/invalid/i);
  });

  it('returns per-item status, a full progress bar and the lesson marked published', async () => {
    const form = await fill(ADMIN.password);
    await form.getByLabel('Publish as').selectOption('published');
    await form.getByRole('button', { name: 'Publish 1 lesson(s)' }).click();
    const bar = form.getByRole('progressbar', { name: 'Publish progress' });
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Köszönés' }).textContent(), {
        timeout: 60_000,
      })
      .toContain('published');
    expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
    const items = form.getByRole('list', { name: 'Publish items' });
    const text = await items.textContent();
    expect(text).toContain('audio:dialogue.mp3: uploaded');
    expect(text).toContain('lesson: uploaded');
    expect(text).toContain('transcript: uploaded');
    expect(text).toContain('vocabulary: uploaded');
    expect(await form.getByRole('alert').count()).toBe(0);
  });
});
