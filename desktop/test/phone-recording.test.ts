import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import type { Backend } from './support/backend.ts';
import { createAccount, serviceClient, startBackendProcess } from './support/backend.ts';
import { seconds, studioPage } from './support/page.ts';

const ADMIN = { email: 'phone-admin@magyarul.local', password: 'phone-admin-password' };
const PHONE = fileURLToPath(new URL('./fixtures/phone/', import.meta.url));
/** Where the screenshots of this run go (looked at by hand; not compared). */
const SHOTS = process.env['STUDIO_SCREENSHOTS'] ?? join(tmpdir(), 'studio-screenshots');

// A phone's recording from folder to learner: an M4A dialogue (AAC, which the studio window's
// Chromium decodes) with word recordings in Ogg Opus, FLAC, AAC and an Opus file named .mp3;
// imported, drawn, aligned, one word adjusted and the adjustment undone, then published.
describe('a phone recording (M4A) from folder to server in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-phone-'));
  let backend: Backend;
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  const studio = () => studioPage(page);

  beforeAll(async () => {
    const root = join(base, 'lessons');
    cpSync(PHONE, join(root, '912 Kávézó'), { recursive: true });
    mkdirSync(SHOTS, { recursive: true });
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    harness = await startHarness({ dataDir: join(base, 'data'), root });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(harness.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await backend?.kill();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns the M4A as the dialogue and every phone format as word audio, classified by content', async () => {
    await page.getByRole('button', { name: 'Choose lessons folder…' }).click();
    await page.getByRole('button', { name: 'Import lessons' }).click();
    await expect
      .poll(() => page.locator('[data-lesson="Kávézó"]').count(), { timeout: 60_000 })
      .toBe(1);
    const draft = await studio().saved('Kávézó');
    expect(draft?.dialogueFile).toBe('dialogue.m4a');
    expect(draft?.issues).toEqual([]);
    expect(draft?.words.map((w) => [w.wordHu, w.audioFile])).toEqual([
      ['kávé', 'words/kávé.mp3'],
      ['alma', 'words/alma.ogg'],
      ['körte', 'words/körte.flac'],
      ['szőlő', 'words/szőlő.m4a'],
    ]);
  });

  it('returns the waveform drawn from the window’s decode, its length kept by the studio', async () => {
    await studio().openLesson('Kávézó');
    const wave = page.getByTestId('waveform');
    await expect.poll(() => wave.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => wave.getAttribute('data-regions')).toBe('3');
    const draft = await studio().saved('Kávézó');
    expect(draft?.durationSeconds).toBeCloseTo(7.32, 1);
    const peaks = await page.evaluate(async (id) => {
      const { studio: api } = globalThis as unknown as {
        studio: { getPeaks: (id: number) => Promise<{ duration: number } | null> };
      };
      return api.getPeaks(id);
    }, draft?.id ?? 0);
    expect(peaks?.duration).toBeCloseTo(7.32, 1);
  });

  it('returns every line and word timed by Align, one word adjusted and the adjustment undone', async () => {
    await page.getByRole('button', { name: 'Align lines and words' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Alignment' }).textContent(), {
        timeout: 90_000,
      })
      .toMatch(/Aligned 3 lines and 10 words/);
    // The dialogue starts after 0.4 s of silence; lines follow in order. (The note is shown as
    // the alignment is written: the grid takes its times a moment later.)
    await expect.poll(() => studio().startOf(1)).not.toBeNull();
    const first = await studio().startOf(1);
    expect(first).toBeGreaterThan(0.2);
    expect(first).toBeLessThan(0.7);
    expect(await studio().startOf(2)).toBeGreaterThan((await studio().endOf(1)) ?? 0);
    await studio().selectLine(2);
    const words = page.getByRole('list', { name: 'Words of line 2' });
    await expect.poll(() => words.locator('li').count()).toBe(3);
    const kavet = async () =>
      (await studio().saved('Kávézó'))?.tokens
        .find((line) => line.tokens.some((t) => t.text === 'kávét'))
        ?.tokens.find((t) => t.text === 'kávét')?.times.normal.end;
    const end = words.getByLabel('End of “kávét” in line 2');
    const aligned = await end.inputValue();
    const before = await kavet();
    const moved = Math.round(((seconds(aligned) ?? 0) + 0.25) * 100) / 100;
    await end.fill(String(moved));
    await end.press('Enter');
    await expect.poll(kavet).toBe(moved);
    // “kérek” started before the new end: its start moved with it (words touch, never overlap).
    const kerek = (await studio().saved('Kávézó'))?.tokens
      .flatMap((line) => line.tokens)
      .find((t) => t.text === 'kérek');
    expect(kerek?.times.normal.start).toBe(moved);
    await page.screenshot({ path: join(SHOTS, 'phone-word-times-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'phone-word-times-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Out of the field (its own Ctrl+Z would undo typing), then the editor's undo.
    await end.press('Escape');
    await page.keyboard.press('Control+z');
    await expect.poll(kavet).toBe(before);
    expect(await end.inputValue()).toBe(aligned);
  });

  it('returns the lesson on the server with the M4A dialogue and each word recording sent as what it is', async () => {
    await page.getByLabel('Choose every lesson for publishing').check();
    await page.getByRole('button', { name: /^Publish \d+ lesson\(s\)…$/ }).click();
    const dialog = page.getByRole('form', { name: 'Publish' });
    await dialog.getByLabel('Server URL').fill(backend.url);
    await dialog.getByLabel('Anon key').fill(backend.anonKey);
    await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Check', exact: true }).click();
    await dialog.getByRole('list', { name: 'Lesson checks' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: /^Publish (1 ready lesson|anyway)/ }).click();
    const items = dialog.getByRole('list', { name: 'Publish items' });
    await expect
      .poll(() => items.textContent(), { timeout: 60_000 })
      .toContain('Lesson 912 “Kávézó” — transcript: uploaded');
    const service = serviceClient(backend);
    const lesson = await service
      .from('lessons')
      .select('id, audio_url, duration, lesson_transcript(start_time, line_number)')
      .eq('lesson_number', 912)
      .single();
    if (lesson.error) throw lesson.error;
    expect(lesson.data.audio_url).toMatch(/\/dialogue\/[0-9a-f]{32}\.m4a$/);
    // 7.32 s decoded: stored as the player's clock shows it (0:07), never rounded up.
    expect(lesson.data.duration).toBe(7);
    expect(lesson.data.lesson_transcript).toHaveLength(3);
    // lesson-drafts holds every recording of a lesson, published or not (DESIGN.md §13).
    const objects = await service.storage
      .from('lesson-drafts')
      .list(`lesson-audio/lessons/${lesson.data.id}/vocabulary`);
    expect(objects.data).toHaveLength(4);
    const types = (objects.data ?? []).map((o) => (o.metadata as { mimetype?: string }).mimetype);
    expect(types.sort()).toEqual(['audio/flac', 'audio/mp4', 'audio/ogg', 'audio/ogg']);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('returns a misspelt Hungarian word with its suggestion, which takes the author to the line', async () => {
    await studio().selectLine(1);
    const text = page.getByLabel('Text of line 1');
    await text.fill('Jó napot! Mit kér a kávézo?');
    await text.press('Enter');
    const spelling = page.getByRole('list', { name: 'Spelling' });
    await expect
      .poll(() => spelling.textContent(), { timeout: 20_000 })
      .toContain('Line 1: “kávézo”');
    expect(await spelling.textContent()).toContain('perhaps kávézó');
    await studio().selectLine(3);
    await spelling.getByRole('button', { name: 'Line 1: “kávézo”' }).click();
    expect(await studio().selectedRow().getAttribute('data-line')).toBe('1');
    await page.screenshot({ path: join(SHOTS, 'spelling-1440.png') });
    await text.fill('Jó napot! Mit kér a kávézóban?');
    await text.press('Enter');
    await expect.poll(() => spelling.count(), { timeout: 20_000 }).toBe(0);
  });

  it('returns a word added with its difficulty and a difficulty changed, each undoable', async () => {
    await page.getByRole('tab', { name: /Vocabulary/ }).click();
    const form = page.getByRole('form', { name: 'Add word' });
    await form.getByLabel('Hungarian').fill('tej');
    await form.getByLabel('English').fill('milk');
    await form.getByLabel('German').fill('Milch');
    await form.getByLabel('Difficulty').selectOption('intermediate');
    await form.getByRole('button', { name: 'Add word' }).click();
    const word = async (hu: string) =>
      (await studio().saved('Kávézó'))?.words.find((w) => w.wordHu === hu);
    await expect
      .poll(() => word('tej'))
      .toMatchObject({ wordEn: 'milk', wordDe: 'Milch', difficulty: 'intermediate' });
    await page.getByLabel('Difficulty of alma').selectOption('advanced');
    await expect.poll(async () => (await word('alma'))?.difficulty).toBe('advanced');
    await page.screenshot({ path: join(SHOTS, 'vocabulary-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'vocabulary-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await word('alma'))?.difficulty).toBe('beginner');
    await page.keyboard.press('Control+z');
    await expect.poll(() => word('tej')).toBeUndefined();
  });
});
