import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import type { Backend } from './support/backend.ts';
import { createAccount, serviceClient, startBackendProcess } from './support/backend.ts';
import { writeCleanLesson } from './support/lessons.ts';
import { studioPage } from './support/page.ts';
import { timeAllLines } from './support/timing.ts';
import { saveTranscriptOnWeb, setPublishedOnWeb, webAdmin } from './support/web-editor.ts';

const ADMIN = { email: 'server-ui-admin@magyarul.local', password: 'server-ui-admin-password' };
const LABEL = 'Lesson 930 “Kávézó”';
/** Screenshots to look at (test-results/ is not committed). */
const SHOTS = join(import.meta.dirname, '..', 'test-results');

describe('publishing from the studio over what the server has now, in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-server-state-'));
  let backend: Backend;
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  let web: SupabaseClient<Database>;
  const dialog = (on: Page = page) => on.getByRole('form', { name: 'Publish' });
  const lessonRow = () => page.locator('[data-lesson="Kávézó"]');
  const remoteId = () =>
    harness.studio.store.lessons.list().find((l) => l.title === 'Kávézó')?.remoteId ?? '';
  const serverLesson = async () => {
    const { data, error } = await serviceClient(backend)
      .from('lessons')
      .select('is_published, description')
      .eq('id', remoteId())
      .single();
    if (error) throw error;
    return data;
  };
  const serverLine = async (n: number) => {
    const { data, error } = await serviceClient(backend)
      .from('lesson_transcript')
      .select('end_time, translation_de, updated_at')
      .eq('lesson_id', remoteId())
      .eq('line_number', n)
      .single();
    if (error) throw error;
    return data;
  };
  const verdict = (on: Page = page) =>
    dialog(on).getByRole('list', { name: 'Lesson checks' }).getByRole('listitem', { name: LABEL });
  /** Opens the dialog (server, key and e-mail are remembered after the first time) and checks. */
  const openAndCheck = async (on: Page = page) => {
    await on.getByRole('button', { name: /^Publish \d+ lesson\(s\)…$/ }).click();
    await dialog(on).waitFor();
    await dialog(on).getByLabel('Server URL').fill(backend.url);
    await dialog(on).getByLabel('Anon key').fill(backend.anonKey);
    await dialog(on).getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await dialog(on).getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await dialog(on).getByRole('button', { name: 'Check', exact: true }).click();
    await verdict(on).waitFor({ timeout: 30_000 });
  };
  /** Waits for a publish (and the check after it) to finish: "Working…" comes and goes. */
  const finished = async () => {
    const working = dialog().getByText('Working…');
    await working.waitFor();
    await working.waitFor({ state: 'detached', timeout: 60_000 });
  };
  const publishAndWait = async (item: string) => {
    await dialog().getByRole('button', { name: 'Publish 1 ready lesson(s)' }).click();
    await finished();
    expect(await dialog().getByRole('list', { name: 'Publish items' }).textContent()).toContain(
      `${LABEL} — ${item}`,
    );
  };
  const close = async () => {
    await dialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
  };

  beforeAll(async () => {
    const root = join(base, 'lessons');
    writeCleanLesson(root, '930 Kávézó', 8);
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    web = await webAdmin(backend, ADMIN);
    harness = await startHarness({ dataDir: join(base, 'data'), root });
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](root);
    const { store } = harness.studio;
    const [lesson] = store.lessons.list();
    timeAllLines(store, lesson?.id ?? 0);
    // The line: it ends at 11.44 s in the studio.
    const last = store.lines.listForLesson(lesson?.id ?? 0).at(-1);
    store.lines.update(last?.id ?? 0, { endTime: 11.44 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(harness.url);
    await page.getByLabel('Publish Kávézó').check();
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await backend?.kill();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns a republished live lesson still live, and asks before “As draft” takes it off', async () => {
    await openAndCheck();
    expect(await verdict().textContent()).toContain('new on the server');
    expect(await dialog().getByLabel('Publish as').inputValue()).toBe('keep');
    await publishAndWait('vocabulary: uploaded');
    await close();
    expect(await serverLesson()).toMatchObject({ is_published: false });
    await expect.poll(() => lessonRow().textContent()).toContain('draft on server');

    // An admin makes the lesson live on the web; the studio's list follows when it is in front.
    await setPublishedOnWeb(web, remoteId(), true);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => lessonRow().locator('.badge').first().textContent()).toBe('published');

    // The author changes only the description in the studio, and publishes again.
    await studioPage(page).openLesson('Kávézó');
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Egy kávézóban.');
    await description.press('Enter');
    await expect.poll(() => lessonRow().textContent()).toContain('changed since publish');
    await openAndCheck();
    expect(await verdict().textContent()).toContain('live on the server');
    expect(await dialog().getByLabel('Publish as').inputValue()).toBe('keep');
    await publishAndWait('lesson: uploaded');
    expect(await serverLesson()).toEqual({ is_published: true, description: 'Egy kávézóban.' });

    // "As draft" asks first; keeping it live sends nothing.
    await dialog().getByLabel('Publish as').selectOption('draft');
    await dialog().getByRole('button', { name: 'Publish 1 ready lesson(s)' }).click();
    const ask = dialog().getByRole('alertdialog', { name: 'Take 1 live lesson(s) off the site?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`who then get “Lesson not found”: ${LABEL}`);
    await page.screenshot({ path: join(SHOTS, 'publish-unpublish-confirm-1440x900.png') });
    await narrowScreenshot('publish-unpublish-confirm', async (on) => {
      await dialog(on).getByLabel('Publish as').selectOption('draft');
      await dialog(on).getByRole('button', { name: 'Publish 1 ready lesson(s)' }).click();
      await dialog(on).getByRole('alertdialog').waitFor();
    });
    await ask.getByRole('button', { name: 'Keep them live' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await serverLesson()).toMatchObject({ is_published: true });
    await dialog().getByRole('button', { name: 'Publish 1 ready lesson(s)' }).click();
    await ask.getByRole('button', { name: 'Unpublish and publish as draft' }).click();
    await finished();
    expect(await serverLesson()).toMatchObject({ is_published: false });
    await dialog().getByLabel('Publish as').selectOption('published');
    await publishAndWait('lesson: uploaded');
    expect(await serverLesson()).toMatchObject({ is_published: true });
    await close();
    await expect.poll(() => lessonRow().locator('.badge').first().textContent()).toBe('published');
  });

  it('returns a line end moved on the web shown as a change to choose before anything is sent', async () => {
    // The web review editor moves line 8's end from 11.44 to 11.55 s.
    await saveTranscriptOnWeb(web, remoteId(), (lines) =>
      lines.map((line) => (line.line_number === 8 ? { ...line, end_time: 11.55 } : line)),
    );
    // In the studio the author only adds a German translation to line 2.
    const studio = studioPage(page);
    await studio.selectLine(2);
    const german = page.getByLabel('German translation of line 2');
    await german.fill('Guten Tag, Herr Kovács!');
    await german.press('Enter');
    await expect.poll(() => lessonRow().textContent()).toContain('changed since publish');
    const before = await serverLine(8);

    await openAndCheck();
    const changes = dialog().getByRole('group', {
      name: `Changed on the server since your last publish: 1 (${LABEL})`,
    });
    await changes.waitFor();
    const end = changes.getByRole('group', { name: 'Line 8 · end' });
    expect(await end.getByRole('radio', { name: 'Server: 0:11.55' }).isChecked()).toBe(false);
    expect(await end.getByRole('radio', { name: 'Mine: 0:11.44' }).isChecked()).toBe(false);
    expect(await verdict().getAttribute('data-verdict')).toBe('blocked');
    expect(await verdict().textContent()).toContain('1 change(s) still need a choice.');
    expect(
      await dialog().getByRole('button', { name: 'Publish 0 ready lesson(s)' }).isDisabled(),
    ).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'publish-server-changes-1440x900.png') });
    await narrowScreenshot('publish-server-changes', (on) =>
      dialog(on).getByRole('group', { name: 'Line 8 · end' }).scrollIntoViewIfNeeded(),
    );
    expect(await serverLine(8)).toEqual(before);

    await changes.getByRole('button', { name: 'Merge by line' }).click();
    expect(await end.getByRole('radio', { name: 'Server: 0:11.55' }).isChecked()).toBe(true);
    expect(await verdict().getAttribute('data-verdict')).toBe('ready');
    await publishAndWait('transcript: uploaded');
    expect(await serverLine(8)).toEqual(before);
    expect((await serverLine(2)).translation_de).toBe('Guten Tag, Herr Kovács!');
    await close();
    // The draft took the server's time: the grid shows it.
    await expect.poll(() => studio.endOf(8)).toBe(11.55);
  });

  it('keeps the slow and natural-tempo times and the characters the server has through a publish', async () => {
    // The server's copy has what only the seed makes (issue 32): slow and natural renderings
    // with their line times, and a character speaking line 3. The studio knows none of them.
    const service = serviceClient(backend);
    const id = remoteId();
    const character = await service.from('lesson_characters').insert({
      lesson_id: id,
      key: 'waiter',
      name_en: 'Waiter',
      sex: 'male',
      voice: 'hu+m3',
    });
    expect(character.error).toBeNull();
    const audio = await service
      .from('lessons')
      .update({
        slow_audio_url: 'seed/lessons/kavezo-slow.mp3',
        natural_audio_url: 'seed/lessons/kavezo-natural.mp3',
      })
      .eq('id', id);
    expect(audio.error).toBeNull();
    const stored = await service
      .from('lesson_transcript')
      .select('id, line_number')
      .eq('lesson_id', id);
    for (const line of stored.data ?? []) {
      const timed = await service
        .from('lesson_transcript')
        .update({
          slow_start_time: 2 * line.line_number,
          slow_end_time: 2 * line.line_number + 1.5,
          natural_start_time: line.line_number,
          natural_end_time: line.line_number + 0.75,
          character_key: line.line_number === 3 ? 'waiter' : null,
        })
        .eq('id', line.id);
      expect(timed.error).toBeNull();
    }
    const kept = async () => {
      const lines = await service
        .from('lesson_transcript')
        .select(
          'id, line_number, slow_start_time, slow_end_time, natural_start_time, natural_end_time, character_key',
        )
        .eq('lesson_id', id)
        .order('line_number');
      const lesson = await service
        .from('lessons')
        .select('slow_audio_url, natural_audio_url')
        .eq('id', id)
        .single();
      return { lines: lines.data, lesson: lesson.data };
    };
    const before = await kept();
    expect(before.lines?.length).toBe(8);

    // The author edits line 3 in the studio and publishes it.
    const studio = studioPage(page);
    await studio.selectLine(3);
    const german = page.getByLabel('German translation of line 3');
    await german.fill('Zwei Kaffee, bitte.');
    await german.press('Enter');
    await expect.poll(() => lessonRow().textContent()).toContain('changed since publish');
    await openAndCheck();
    expect(await verdict().getAttribute('data-verdict')).toBe('ready');
    await publishAndWait('transcript: uploaded');
    await close();
    expect((await serverLine(3)).translation_de).toBe('Zwei Kaffee, bitte.');
    expect(await kept()).toEqual(before);
  });

  /** The dialog at 390×844 after `prepare`: it fits, nothing wider than the window. */
  async function narrowScreenshot(name: string, prepare: (on: Page) => Promise<void>) {
    const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await narrow.goto(harness.url);
      await narrow.getByLabel('Publish Kávézó').check();
      await openAndCheck(narrow);
      await prepare(narrow);
      const fits = await dialog(narrow).evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
      await narrow.screenshot({ path: join(SHOTS, `${name}-390x844.png`) });
    } finally {
      await narrow.close();
    }
  }
});
