import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import type { Backend } from './support/backend.ts';
import { createAccount, startBackendProcess } from './support/backend.ts';
import { writeCleanLesson } from './support/lessons.ts';
import { timeAllLines } from './support/timing.ts';

const ADMIN = { email: 'preview-admin@magyarul.local', password: 'preview-admin-password' };
/** Screenshots to look at (test-results/ is not committed). */
const SHOTS = join(import.meta.dirname, '..', 'test-results');

// Issue 28 point 5: "Preview as learner" from the studio's published lesson opens the web app's
// preview page of that lesson (the web shows it to admins, nothing recorded) in the system
// browser, through one validated IPC call; a lesson never published has nothing to preview.
describe('Preview as learner from the studio, in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-preview-'));
  let backend: Backend;
  let harness: Harness;
  let browser: Browser;
  let page: Page;

  const lessonId = (title: string) =>
    harness.studio.store.lessons.list().find((l) => l.title === title)?.id ?? 0;

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '931 Piac', 6);
    writeCleanLesson(root, '932 Posta', 6);
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    harness = await startHarness({ dataDir: join(base, 'data'), root });
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](root);
    for (const lesson of harness.studio.store.lessons.list()) {
      timeAllLines(harness.studio.store, lesson.id);
    }
    const report = await harness.studio.handlers['publish:run']({
      url: backend.url,
      anonKey: backend.anonKey,
      email: ADMIN.email,
      password: ADMIN.password,
      allowInsecure: false,
      lessonIds: [lessonId('Piac')],
      status: 'keep',
      acceptWarnings: true,
      confirmUnpublish: false,
      choices: [],
    });
    expect(report.items.some((item) => item.state === 'failed')).toBe(false);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(harness.url);
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await backend?.kill();
    rmSync(base, { recursive: true, force: true });
  });

  it('opens the web preview of the published lesson on the server it was published to', async () => {
    const remoteId = harness.studio.store.lessons.summary(lessonId('Piac'))?.remoteId;
    expect(remoteId).toMatch(/^[0-9a-f-]{36}$/);
    await page.locator('[data-lesson="Piac"] .lesson-open').click();
    const preview = page.getByRole('button', { name: 'Preview as learner' });
    await preview.waitFor();
    await page.screenshot({ path: join(SHOTS, 'studio-preview-button.png') });
    await preview.click();
    await expect.poll(() => harness.opened.length).toBe(1);
    expect(harness.opened).toEqual([`${backend.url}/lesson/${remoteId}/preview`]);
  });

  it('offers no preview for a lesson never published, and main refuses one asked for', async () => {
    await page.locator('[data-lesson="Posta"] .lesson-open').click();
    await page.getByRole('region', { name: 'Lesson details' }).waitFor();
    expect(await page.getByRole('button', { name: 'Preview as learner' }).count()).toBe(0);
    const refused = await page.evaluate(async (id) => {
      const { studio } = globalThis as unknown as {
        studio: { openPreview: (id: number) => Promise<string> };
      };
      return studio.openPreview(id).then(
        () => 'opened',
        (error: { code?: string }) => error.code ?? 'no code',
      );
    }, lessonId('Posta'));
    expect(refused).toBe('preview-not-published');
    // A value that is not a lesson id never reaches the handler.
    const invalid = await page.evaluate(async () => {
      const { studio } = globalThis as unknown as {
        studio: { openPreview: (id: unknown) => Promise<string> };
      };
      return studio.openPreview('javascript:alert(1)').then(
        () => 'opened',
        (error: { code?: string }) => error.code ?? 'no code',
      );
    });
    expect(invalid).not.toBe('opened');
    expect(harness.opened).toHaveLength(1);
  });
});
