import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import { writeLessonsRoot } from './support/lessons.ts';
import { seconds, studioPage } from './support/page.ts';

describe('studio renderer in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    writeLessonsRoot(join(base, 'lessons'));
    harness = await startHarness({ dataDir: join(base, 'data'), root: join(base, 'lessons') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(harness.url);
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    rmSync(base, { recursive: true, force: true });
  });

  const studio = () => studioPage(page);
  const startOf = (n: number) => studio().startOf(n);
  const endOf = (n: number) => studio().endOf(n);

  it('returns every lesson with its issues and a full progress bar after importing', async () => {
    await page.getByRole('button', { name: 'Choose lessons folder…' }).click();
    await expect.poll(() => page.getByLabel('Lessons folder').textContent()).toContain('lessons');
    await page.getByRole('button', { name: 'Import lessons' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Lessons' }).getByRole('listitem').count(), {
        timeout: 60_000,
      })
      .toBe(3);
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await expect.poll(() => bar.getAttribute('value'), { timeout: 60_000 }).toBe('3');
    expect(await bar.getAttribute('max')).toBe('3');
    expect(await page.locator('[data-lesson="Piac"]').textContent()).toMatch(/\d+ issues/);
    await studio().openLesson('Piac');
    const issues = page.getByRole('list', { name: 'Import issues' });
    await expect.poll(() => issues.textContent()).toContain("Row 2: Invalid difficulty 'easy'");
    expect(await issues.textContent()).toContain('körte.mp3');
  });

  it('returns one labelled region per transcript line, untimed ones hatched on the waveform and marked in the grid, over a labelled time ruler', async () => {
    await studio().openLesson('Köszönés');
    const wave = page.getByTestId('waveform');
    await expect.poll(() => wave.getAttribute('data-regions')).toBe('3');
    const regions = page.locator('[part~="region"]');
    expect(await regions.allTextContents()).toEqual([
      '1 ANNA · untimed',
      '2 BENCE · untimed',
      '3 ANNA · untimed',
    ]);
    expect(await page.locator('[part~="untimed"]').count()).toBe(3);
    const background = await regions.first().evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('repeating-linear-gradient');
    expect(await page.locator('tr[data-untimed="true"]').count()).toBe(3);
    expect(await page.getByTestId('start-1').textContent()).toBe('untimed');
    const errors = page.getByRole('list', { name: 'Publish checks' });
    expect(await errors.textContent()).toContain('Line 1 has no start or end time.');
    // The time ruler is drawn under the waveform, its notches labelled in seconds.
    const ruler = page.locator('[part~="timeline-wrapper"]');
    await expect.poll(() => ruler.count()).toBe(1);
    const rulerBox = await ruler.boundingBox();
    const waveBox = await wave.boundingBox();
    expect(rulerBox?.height).toBeGreaterThan(10);
    expect((rulerBox?.y ?? 0) + (rulerBox?.height ?? 0)).toBeLessThanOrEqual(
      (waveBox?.y ?? 0) + (waveBox?.height ?? 0) + 1,
    );
    const labels = (await page.locator('[part~="timeline-notch"]').allTextContents())
      .map((text) => text.trim())
      .filter((text) => text !== '');
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const label of labels) expect(label).toMatch(/^\d+(:\d{2})?(\.\d+)?s?$/);
  });

  it('returns suggested boundaries at the silences once accepted, saved and undoable', async () => {
    await page.getByRole('button', { name: 'Suggest boundaries' }).click();
    await page.getByRole('button', { name: 'Accept suggestions' }).click();
    await expect.poll(() => startOf(2)).not.toBeNull();
    const spans = [
      [await startOf(1), await endOf(1)],
      [await startOf(2), await endOf(2)],
      [await startOf(3), await endOf(3)],
    ];
    const expected = [
      [0, 1.4],
      [2, 3.4],
      [4, 5.4],
    ];
    spans.forEach(([start, end], i) => {
      expect(Math.abs((start ?? -9) - (expected[i]?.[0] ?? 0))).toBeLessThan(0.15);
      expect(Math.abs((end ?? -9) - (expected[i]?.[1] ?? 0))).toBeLessThan(0.15);
    });
    const saved = await studio().saved('Köszönés');
    expect(saved?.lines.every((l) => l.startTime !== null)).toBe(true);
    // Timed now: drawn plainly, and the checks no longer list the lines.
    await expect.poll(() => page.locator('[part~="untimed"]').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Publish checks' }).textContent()).not.toContain(
      'has no start',
    );

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => startOf(2)).toBeNull();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => startOf(2)).not.toBeNull();
    // The keyboard does the same: Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => startOf(2)).toBeNull();
    await page.keyboard.press('Control+y');
    await expect.poll(() => startOf(2)).not.toBeNull();
    await page.keyboard.press('Control+z');
    await expect.poll(() => startOf(2)).toBeNull();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => startOf(2)).not.toBeNull();
  });

  it('returns the playhead at a line’s start after clicking its row', async () => {
    const start = (await startOf(3)) ?? 0;
    await studio().selectLine(3);
    await expect.poll(() => studio().playhead()).toBeCloseTo(start, 1);
    expect(await studio().selectedRow().textContent()).toContain('3');
  });

  it('returns the chosen boundary nudged by 10 ms with Alt+arrows and 100 ms with Shift+Alt', async () => {
    await studio().selectLine(2);
    const [start, end] = [(await startOf(2)) ?? 0, (await endOf(2)) ?? 0];
    await page.getByRole('radio', { name: 'start' }).check();
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => startOf(2)).toBeCloseTo(start + 0.01, 5);
    await page.keyboard.press('Shift+Alt+ArrowLeft');
    await expect.poll(() => startOf(2)).toBeCloseTo(start - 0.09, 5);
    await page.getByRole('radio', { name: 'end' }).check();
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    await page.keyboard.press('Shift+Alt+ArrowRight');
    await expect.poll(() => endOf(2)).toBeCloseTo(end + 0.1, 5);
    expect((await studio().saved('Köszönés'))?.lines[1]?.endTime).toBeCloseTo(end + 0.1, 5);
    // Each nudge is one undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(() => endOf(2)).toBeCloseTo(end, 5);
    expect(await startOf(2)).toBeCloseTo(start - 0.09, 5);
  });

  it('returns the playhead where a click inside a region falls, and Split enabled there', async () => {
    await studio().selectLine(1);
    const [start, end] = [(await startOf(2)) ?? 0, (await endOf(2)) ?? 0];
    const region = page.locator('[part~="region"]').nth(1);
    const box = await region.boundingBox();
    if (!box) throw new Error('no region for line 2');
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height - 8);
    await expect.poll(() => studio().playhead()).toBeCloseTo(start + 0.6 * (end - start), 1);
    expect(await studio().selectedRow().textContent()).toContain('2');
    expect(
      await page.getByRole('button', { name: 'Split at playhead', exact: true }).isEnabled(),
    ).toBe(true);
  });

  it('returns every nudge applied when the key repeats (10 × Alt+← at 33 ms move 100 ms)', async () => {
    await studio().selectLine(2);
    await page.getByRole('radio', { name: 'end' }).check();
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    const end = (await endOf(2)) ?? 0;
    // Saves slower than the key repeats (a large lesson, a busy disk): 120 ms each.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await route.continue();
    };
    await page.route(/\/ipc\/drafts:(set-line-times|get)$/, slow);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Alt+ArrowLeft');
      await page.waitForTimeout(33);
    }
    await expect.poll(() => endOf(2), { timeout: 10_000 }).toBeCloseTo(end - 0.1, 5);
    // Saves still held back finish before the route goes.
    await page.unrouteAll({ behavior: 'wait' });
    await expect
      .poll(async () => (await studio().saved('Köszönés'))?.lines[1]?.endTime)
      .toBeCloseTo(end - 0.1, 5);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Control+z');
    await expect.poll(() => endOf(2)).toBeCloseTo(end, 5);
  });

  it('returns start and end set at the playhead by [ and ] while playing, ] moving to the next line', async () => {
    await studio().selectLine(1);
    await page.getByRole('button', { name: 'Play/Pause' }).click();
    await expect
      .poll(async () => seconds(await page.getByLabel('Playhead').textContent()) ?? 0)
      .toBeGreaterThan(0.3);
    await page.keyboard.press('[');
    await expect
      .poll(async () => seconds(await page.getByLabel('Playhead').textContent()) ?? 0)
      .toBeGreaterThan(1);
    await page.keyboard.press(']');
    await page.getByRole('button', { name: 'Play/Pause' }).click();
    const start = await startOf(1);
    const end = await endOf(1);
    expect(start).toBeGreaterThan(0.25);
    expect(end).toBeGreaterThan((start ?? 0) + 0.3);
    await expect.poll(async () => (await studio().selectedRow().count()) > 0).toBe(true);
    expect(
      await studio().selectedRow().first().getByLabel('Text of line 2').inputValue(),
    ).toContain('Szia Anna!');
  });

  it('returns a region moved by dragging it on the waveform', async () => {
    const before = await startOf(3);
    const region = page.locator('[part~="region"]').nth(2);
    const box = await region.boundingBox();
    if (!box) throw new Error('region not visible');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 15, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => startOf(3)).not.toBe(before);
    expect((await startOf(3)) ?? 99).toBeLessThan(before ?? 0);
  });

  it('returns a longer line after dragging the selected region’s right handle', async () => {
    await studio().selectLine(1);
    const before = (await endOf(1)) ?? 0;
    const handle = page.locator('[part~="region"]').nth(0).locator('[part~="region-handle-right"]');
    await expect.poll(() => handle.count()).toBe(1);
    const box = await handle.boundingBox();
    if (!box) throw new Error('handle not visible');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await endOf(1)) ?? 0).toBeGreaterThan(before);
  });

  it('returns speed, loop and zoom applied to the player', async () => {
    await page.getByLabel('Speed').selectOption('1.5');
    await page.getByLabel('Loop').check();
    await page.getByLabel('Zoom').fill('200');
    const rate = await page.evaluate(() => {
      const host = document.querySelector('[data-testid="waveform"] > div');
      const media = host?.shadowRoot?.querySelector('audio') ?? document.querySelector('audio');
      return media?.playbackRate ?? null;
    });
    expect(rate === null || rate === 1.5).toBe(true);
    expect(await page.getByLabel('Loop').isChecked()).toBe(true);
  });

  it('returns regions kept and scaled with the zoom, and a region click selecting its line', async () => {
    // Zoom is 200 px per second from the test above: every region stays on the page (none is
    // detached and re-attached on zoom), each as wide as its line lasts.
    const regions = page.locator('[part~="region"]');
    await expect.poll(() => regions.count()).toBe(3);
    const [start1, end1] = [(await startOf(1)) ?? 0, (await endOf(1)) ?? 0];
    const [start2, end2] = [(await startOf(2)) ?? 0, (await endOf(2)) ?? 0];
    const box1 = await regions.nth(0).boundingBox();
    const box2 = await regions.nth(1).boundingBox();
    const pxPerSecond = (box2?.width ?? 0) / (end2 - start2);
    expect(pxPerSecond).toBeGreaterThan(100);
    expect(Math.abs((box1?.width ?? 0) - (end1 - start1) * pxPerSecond)).toBeLessThan(4);
    expect(
      Math.abs((box2?.x ?? 0) - (box1?.x ?? 0) - (start2 - start1) * pxPerSecond),
    ).toBeLessThan(4);
    await regions.nth(1).click({ position: { x: 5, y: 60 } });
    await expect
      .poll(() => page.getByRole('row', { selected: true }).getByTestId('start-2').count())
      .toBe(1);
    // The click selected the line and put the playhead where it landed (5 px into it).
    await expect.poll(() => studio().playhead()).toBeCloseTo(start2 + 5 / pxPerSecond, 1);
    // Zoomed in this far, every region has its two handles, not only the selected one.
    await expect.poll(() => page.locator('[part~="region-handle"]').count()).toBe(6);
  });

  it('returns the selected line played again while Loop is on', async () => {
    await page.getByLabel('Zoom').fill('0');
    await studio().selectLine(2);
    const [start, end] = [(await startOf(2)) ?? 0, (await endOf(2)) ?? 0];
    await page.getByRole('button', { name: 'Play line' }).click();
    // Speed is 1.5×: one pass takes (end − start) / 1.5 s. Read the playhead in the page on
    // every rendered frame until it has jumped back and moved on again, for at most about three
    // passes.
    const passMs = ((end - start) / 1.5) * 1000;
    const texts = await page.evaluate(
      ({ ms, from }) =>
        new Promise<string[]>((resolve) => {
          const playhead = document.querySelector('output[aria-label="Playhead"]');
          const secondsOf = (text: string): number => {
            const match = /^(\d+):(\d+\.\d+)$/.exec(text.trim());
            return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
          };
          const seen: string[] = [];
          const until = performance.now() + ms;
          let highest = -1;
          let restartedAt = -1;
          const frame = () => {
            const text = playhead?.textContent ?? '';
            seen.push(text);
            const t = secondsOf(text);
            if (t > from + 0.05) {
              if (restartedAt < 0 && t < highest - 0.2) restartedAt = t;
              else if (restartedAt >= 0 && t > restartedAt) return resolve(seen);
              highest = Math.max(highest, t);
            }
            if (performance.now() >= until) return resolve(seen);
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      { ms: passMs * 3 + 500, from: start },
    );
    await page.getByRole('button', { name: 'Play/Pause' }).click();
    const times = texts.map((text) => seconds(text) ?? -1).filter((t) => t > start + 0.05);
    // Played within the line (a late frame may overshoot its end a little) ...
    for (const t of times) expect(t).toBeLessThanOrEqual(end + 0.5);
    // ... and started again from its beginning rather than stopping at its end.
    const restarts = times.filter((t, i) => i > 0 && t < (times[i - 1] ?? 0) - 0.2).length;
    expect(restarts).toBeGreaterThanOrEqual(1);
    await page.getByLabel('Loop').uncheck();
  });

  it('returns a word matched by hand, its issue gone, and the match undone by Ctrl+Z', async () => {
    await page.getByRole('tab', { name: /Vocabulary/ }).click();
    const issues = page.getByRole('list', { name: 'Import issues' });
    expect(await issues.textContent()).toContain('No audio file matches the word "őszibarack".');
    await page.getByLabel('Audio for őszibarack').selectOption('words/extra.mp3');
    await expect
      .poll(async () =>
        (await studio().saved('Köszönés'))?.words.find((w) => w.wordHu === 'őszibarack'),
      )
      .toMatchObject({ audioFile: 'words/extra.mp3', matchLevel: 'manual' });
    // Resolved: the word's and the file's issues disappear at once, and with them the list
    // (the decomposed name of köszönöm.mp3 is no issue once that file has its word).
    await expect.poll(() => issues.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Play szia' }).isEnabled()).toBe(true);
    await page.locator('body').click({ position: { x: 5, y: 890 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByLabel('Audio for őszibarack').inputValue()).toBe('');
    await expect.poll(() => issues.textContent()).toContain('őszibarack');
    await expect
      .poll(() => page.getByRole('list', { name: 'Unmatched files' }).textContent())
      .toContain('words/extra.mp3');
    await page.keyboard.press('Control+y');
    await expect
      .poll(() => page.getByLabel('Audio for őszibarack').inputValue())
      .toBe('words/extra.mp3');
    await page.getByRole('tab', { name: /Lines/ }).click();
  });

  it('returns the edits after a reload (autosaved) and no page errors', async () => {
    const before = [await startOf(1), await endOf(1)];
    await page.reload();
    await studio().openLesson('Köszönés');
    await expect.poll(() => startOf(1)).toBe(before[0]);
    expect(await endOf(1)).toBe(before[1]);
    expect(pageErrors).toEqual([]);
  });
});
