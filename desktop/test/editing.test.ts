import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import { writeCleanLesson } from './support/lessons.ts';
import { studioPage } from './support/page.ts';

// Transcript, translation, detail and meaning editing in the renderer over the real services:
// every edit saved as it is made and undone by Ctrl+Z, redone by Ctrl+Y.
describe('studio editing in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-editing-'));
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const studio = () => studioPage(page);
  const texts = async () => (await studio().saved('Posta'))?.lines.map((l) => l.text);
  const text = (n: number) => page.getByLabel(`Text of line ${n}`);
  /** Focus back to the page (not a field), where the editor's keys work. */
  const away = () => page.locator('.lessons-pane').click({ position: { x: 10, y: 850 } });

  beforeAll(async () => {
    const root = join(base, 'lessons');
    // Four lines: "Jó napot!", "Jó napot kívánok!", "Hogy van?", "Köszönöm, jól." (1 s each,
    // 0.5 s apart), each with EN/DE/ES translations; two words with meanings in all three.
    writeCleanLesson(root, '908 Posta', 4);
    harness = await startHarness({ dataDir: join(base, 'data'), root });
    await harness.studio.handlers['root:choose']();
    await harness.studio.handlers['import:scan-folder'](root);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(harness.url);
    await studio().openLesson('Posta');
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('returns three panes side by side that fit 1440×900 without the page scrolling', async () => {
    const size = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    expect(size).toEqual({ height: 900, width: 1440 });
    const boxes = await Promise.all(
      ['.lessons-pane', '.center-pane', '.side-pane'].map((s) => page.locator(s).boundingBox()),
    );
    const [left, middle, right] = boxes.map((b) => b ?? { x: 0, y: 0, width: 0, height: 0 });
    expect(left?.x).toBeLessThan(middle?.x ?? 0);
    expect(middle?.x).toBeLessThan(right?.x ?? 0);
    for (const box of [left, middle, right])
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
    expect(await page.getByTestId('waveform').isVisible()).toBe(true);
  });

  it('returns a line’s text and speaker edited in place, saved, and undone', async () => {
    await text(2).fill('Jó napot kívánok, Anna!');
    await text(2).press('Enter');
    await expect.poll(texts).toContain('Jó napot kívánok, Anna!');
    await page.getByLabel('Speaker of line 2').selectOption('narrator');
    await expect
      .poll(async () => (await studio().saved('Posta'))?.lines[1]?.speaker)
      .toBe('narrator');
    await away();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await studio().saved('Posta'))?.lines[1]?.speaker).toBe('bence');
    await page.keyboard.press('Control+z');
    await expect.poll(texts).toContain('Jó napot kívánok!');
    expect(await text(2).inputValue()).toBe('Jó napot kívánok!');
    await page.keyboard.press('Control+y');
    await expect.poll(() => text(2).inputValue()).toBe('Jó napot kívánok, Anna!');
  });

  it('returns a line added after the selected one, then deleted, each undoable', async () => {
    await studio().selectLine(2);
    await page.getByRole('button', { name: 'Add line' }).click();
    await expect.poll(async () => (await texts())?.length).toBe(5);
    expect((await texts())?.[2]).toBe('');
    await text(3).fill('Levelet szeretnék feladni.');
    await text(3).press('Enter');
    await expect.poll(async () => (await texts())?.[2]).toBe('Levelet szeretnék feladni.');
    // A new line has no times: it is untimed until the author times it.
    expect(await studio().row(3).getAttribute('data-untimed')).toBe('true');
    await studio().selectLine(3);
    await page.getByRole('button', { name: 'Delete line' }).click();
    await expect.poll(async () => (await texts())?.length).toBe(4);
    await away();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await texts())?.[2]).toBe('Levelet szeretnék feladni.');
    // Undoing the text and then the add leaves the transcript as it was.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect
      .poll(texts)
      .toEqual(['Jó napot!', 'Jó napot kívánok, Anna!', 'Hogy van?', 'Köszönöm, jól.']);
    // Redo brings the same line back (same id), then its text.
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await expect.poll(async () => (await texts())?.[2]).toBe('Levelet szeretnék feladni.');
    await page.keyboard.press('Control+y');
    await expect.poll(async () => (await texts())?.length).toBe(4);
  });

  it('returns a line split at the playhead and merged back with the next, times following', async () => {
    // Time the lines from the silences first: a split falls at the playhead inside a line.
    await page.getByRole('button', { name: 'Suggest boundaries' }).click();
    await page.getByRole('button', { name: 'Accept suggestions' }).click();
    await expect.poll(() => studio().startOf(4)).not.toBeNull();
    const before = (await studio().saved('Posta'))?.lines[0];
    const start = before?.startTime ?? 0;
    const end = before?.endTime ?? 0;
    await page.getByLabel('Text of line 1').fill('Jó napot, Bence!');
    await page.getByLabel('Text of line 1').press('Enter');
    await studio().selectLine(1);
    const middle = Math.round(((start + end) / 2) * 100) / 100;
    // Seek by clicking the time ruler under the waveform at the middle of line 1.
    const wave = page.getByTestId('waveform');
    const box = await wave.boundingBox();
    const duration = 6;
    await page.mouse.click(
      (box?.x ?? 0) + ((box?.width ?? 0) * middle) / duration,
      (box?.y ?? 0) + (box?.height ?? 0) - 8,
    );
    await expect.poll(() => studio().playhead()).toBeGreaterThan(start + 0.05);
    const playhead = await studio().playhead();
    await page.getByRole('button', { name: 'Split at playhead' }).click();
    await expect.poll(async () => (await texts())?.length).toBe(5);
    const split = (await studio().saved('Posta'))?.lines.slice(0, 2);
    expect(split?.map((l) => l.text)).toEqual(['Jó napot,', 'Bence!']);
    expect(split?.[0]?.endTime).toBeCloseTo(playhead, 1);
    expect(split?.[1]?.startTime).toBeCloseTo(playhead, 1);
    expect(split?.[1]?.endTime).toBe(end);
    await studio().selectLine(1);
    await page.getByRole('button', { name: 'Merge with next' }).click();
    await expect.poll(async () => (await texts())?.length).toBe(4);
    expect((await studio().saved('Posta'))?.lines[0]).toMatchObject({
      text: 'Jó napot, Bence!',
      startTime: start,
      endTime: end,
    });
  });

  it('returns translations of the selected line edited, missing ones warned about, and undone', async () => {
    await studio().selectLine(3);
    const german = page.getByLabel('German translation of line 3');
    await german.fill('');
    await german.press('Enter');
    await expect
      .poll(async () => (await studio().saved('Posta'))?.lines[2]?.translationDe)
      .toBe('');
    const checks = page.getByRole('list', { name: 'Publish checks' });
    await expect
      .poll(() => checks.textContent())
      .toContain('German translation missing for 1 of 4 lines.');
    await german.fill('Wie geht es Ihnen?');
    await german.press('Tab');
    await expect
      .poll(async () => (await studio().saved('Posta'))?.lines[2]?.translationDe)
      .toBe('Wie geht es Ihnen?');
    await expect.poll(() => checks.textContent()).not.toContain('German translation missing');
    await away();
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await studio().saved('Posta'))?.lines[2]?.translationDe)
      .toBe('');
  });

  it('returns description, topic and a word’s Spanish meaning edited and undoable', async () => {
    await page.getByLabel('Topic').fill('A postán');
    await page.getByLabel('Topic').press('Enter');
    await page.getByLabel('Description').fill('Anna levelet ad fel.');
    await page.getByLabel('Description').press('Tab');
    await expect
      .poll(async () => (await studio().saved('Posta'))?.description)
      .toBe('Anna levelet ad fel.');
    expect((await studio().saved('Posta'))?.topic).toBe('A postán');
    await page.getByRole('tab', { name: /Vocabulary/ }).click();
    const spanish = page.getByLabel('Spanish meaning of nap');
    await spanish.fill('el día');
    await spanish.press('Enter');
    await expect.poll(async () => (await studio().saved('Posta'))?.words[0]?.wordEs).toBe('el día');
    await away();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await studio().saved('Posta'))?.words[0]?.wordEs).toBe('día');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await studio().saved('Posta'))?.description).toBe('');
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    await page.getByRole('tab', { name: /Lines/ }).click();
  });

  it('returns the edits after a reload and no page errors', async () => {
    const saved = await studio().saved('Posta');
    await page.reload();
    await studio().openLesson('Posta');
    expect(await page.getByLabel('Topic').inputValue()).toBe(saved?.topic);
    expect(await text(1).inputValue()).toBe(saved?.lines[0]?.text);
    expect(pageErrors).toEqual([]);
  });
});
