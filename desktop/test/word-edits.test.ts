import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GrammarNote, grammarNote } from '@magyarul/core/grammar';
import { morphologyFromReadings, proposeTokens, wordsToAnalyse } from '@magyarul/core/tokens';
import { launchChromium } from './harness/browser.ts';
import type { Harness } from './harness/server.ts';
import { startHarness } from './harness/server.ts';
import { writeCleanLesson } from './support/lessons.ts';
import { studioPage } from './support/page.ts';

/** Where the screenshots of this run go (looked at by hand; not compared). */
const SHOTS = process.env['STUDIO_SCREENSHOTS'] ?? join(tmpdir(), 'studio-screenshots');

// Issue 31 point 4 in the studio: the selected line's words, each confirmed or edited beside its
// word times (dictionary form, grammar note, German meaning), stored in the draft, undone with
// Ctrl+Z; Confirm all in one step.
describe('studio word edits in Chromium', () => {
  const base = mkdtempSync(join(tmpdir(), 'studio-word-edits-'));
  let harness: Harness;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const studio = () => studioPage(page);
  const saved = async (text: string) =>
    (await studio().saved('Posta'))?.tokens
      .flatMap((line) => line.tokens)
      .find((t) => t.text === text);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const root = join(base, 'lessons');
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

  it('returns a word’s dictionary form, note and German meaning stored, pending, and undone', async () => {
    await studio().selectLine(2);
    await page.getByText('Words of line 2: 3, 3 to confirm').click();
    const form = page.getByLabel('Dictionary form of “napot” in line 2');
    await form.waitFor();
    // The proposal: the lesson word “nap” with the accusative ending.
    await expect.poll(() => form.inputValue()).toBe('nap');
    await form.fill('napocska');
    await form.press('Enter');
    await expect.poll(async () => (await saved('napot'))?.edit?.lemma).toBe('napocska');
    expect((await saved('napot'))?.editPending).toBe(true);
    await page
      .getByLabel('Add a grammar note to “napot” in line 2')
      .selectOption({ label: '-k: plural' });
    await expect
      .poll(async () => (await saved('napot'))?.edit?.grammarNotes)
      .toEqual(['accusative', 'plural']);
    const german = page.getByLabel('German meaning of “napot” in line 2');
    await german.fill('Tag');
    await german.press('Enter');
    await expect
      .poll(async () => (await saved('napot'))?.edit)
      .toMatchObject({
        lemma: 'napocska',
        meaningDe: 'Tag',
        grammarNotes: ['accusative', 'plural'],
        confirmed: false,
      });
    // An empty dictionary form is not taken, and says so.
    await form.fill(' ');
    await form.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Enter the dictionary form of “napot”.');
    expect((await saved('napot'))?.edit?.lemma).toBe('napocska');
    await form.fill('napocska');
    await form.press('Enter');

    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `word-edits-${size.width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Confirm all: one step, undone by one Ctrl+Z.
    await page.getByRole('button', { name: 'Confirm all words of line 2' }).click();
    await expect.poll(async () => (await saved('kívánok'))?.edit?.confirmed).toBe(true);
    expect((await saved('napot'))?.edit).toMatchObject({ lemma: 'napocska', confirmed: true });
    await page.locator('.lessons-pane').click({ position: { x: 10, y: 850 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await saved('kívánok'))?.edit?.confirmed ?? false).toBe(false);
    expect((await saved('napot'))?.edit).toMatchObject({ lemma: 'napocska', confirmed: false });
    expect(pageErrors).toEqual([]);
  });

  it('returns the analyser’s dictionary forms and endings for words the lesson does not have, as the publish proposes them', async () => {
    // Line 4, “Köszönöm, jól.”: the lesson's words are nap and jó; hunspell reads köszön (I …,
    // definite) and jó (adverb), which the lesson's words alone never would (köszönöm, jól).
    await studio().selectLine(4);
    await page.getByText('Words of line 4: 2, 2 to confirm').click();
    const form = page.getByLabel('Dictionary form of “Köszönöm” in line 4');
    await expect.poll(() => form.inputValue()).toBe('köszön');
    await expect
      .poll(() => page.getByLabel('Dictionary form of “jól” in line 4').inputValue())
      .toBe('jó');
    const notesOf = (word: string) =>
      page
        .getByRole('button', { name: new RegExp(`^Remove the note “.*” of “${word}”$`) })
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    const label = (note: GrammarNote, word: string) =>
      `Remove the note “${grammarNote(note, 'en')}” of “${word}”`;
    expect(await notesOf('Köszönöm')).toEqual([
      label('first_person_singular', 'Köszönöm'),
      label('definite_conjugation', 'Köszönöm'),
    ]);
    expect(await notesOf('jól')).toEqual([label('adverb', 'jól')]);
    const jo = (await studio().saved('Posta'))?.words.find((w) => w.wordHu === 'jó');
    expect(await page.getByLabel('Lesson word of “jól” in line 4').inputValue()).toBe(
      String(jo?.id),
    );

    // What the publish proposes for the line (token-step.ts) from the same thread's readings.
    const text = 'Köszönöm, jól.';
    const readings = await harness.studio.handlers['language:analyse'](wordsToAnalyse([text]));
    const lessonWords = (await studio().saved('Posta'))?.words ?? [];
    const published = proposeTokens(text, {
      vocabulary: lessonWords.map((w) => ({ id: String(w.id), lemma: w.wordHu })),
      glossary: [],
      morphology: morphologyFromReadings(new Map(Object.entries(readings))),
    });
    expect(published.map((p) => p.lemma)).toEqual(['köszön', 'jó']);
    for (const p of published) {
      expect(await page.getByLabel(`Dictionary form of “${p.text}” in line 4`).inputValue()).toBe(
        p.lemma,
      );
      expect(await notesOf(p.text)).toEqual(p.grammarNotes.map((n) => label(n, p.text)));
    }
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `word-edits-analysed-${size.width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
