import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import { adminClient, copySeedLesson, signInAdmin } from './admin-support.ts';
import { copySeedTokens, lessonTokens } from './token-support.ts';

// Issue 28 point 6 and issue 31 point 4: the web review editor shows each line's word times and
// keeps them through a save unless the line's text changes; then it says that line's word times
// were dropped, and the line gets proposed tokens for its new text.

const field = (page: Page, n: number) => page.getByLabel(`Text of line ${n}`, { exact: true });
const line = (page: Page, n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });

test.describe('review editor word times', () => {
  test("shows word times, keeps them on a save, drops only an edited line's and says so", async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    // The copy carries the seed's tokens with their word times.
    const lesson = await copySeedLesson(db, 1);
    await copySeedTokens(db, 1, lesson.id);
    const before = await lessonTokens(db, lesson.id);
    const first = before[1]?.[0];
    expect(first?.start_time).not.toBeNull();

    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await expect(line(page, 2)).toContainText('Word times:');
    await expect(line(page, 2)).toContainText(
      `${first?.text} ${first?.start_time?.toFixed(2)}–${first?.end_time?.toFixed(2)}`,
    );

    // Line 3's text changes: the editor says its word times go with the old text.
    const text3 = await field(page, 3).inputValue();
    await field(page, 3).fill(`${text3} Elmegyünk. Köszönöm!`);
    await expect(line(page, 3)).toContainText(
      'Its word times will be dropped on saving: the text changed',
    );
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await line(page, 3).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`word-times-${size.width}.png`) });
    }

    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText('The word times of line 3 were dropped: its text changed.'),
    ).toBeVisible();
    const after = await lessonTokens(db, lesson.id);
    // Every other line's tokens as they were, rows and times untouched.
    expect(after.filter((_, i) => i !== 2)).toEqual(before.filter((_, i) => i !== 2));
    // Line 3: tokens for the new text without times; the words that were there before keep what
    // was set on them (dictionary form, confirmation), the new word is a proposal to confirm.
    const kept = before[2] ?? [];
    expect(after[2]?.map((t) => t.text).at(-1)).toBe('Köszönöm');
    expect(after[2]?.every((t) => t.start_time === null)).toBe(true);
    expect(after[2]?.slice(0, kept.length).map((t) => [t.text, t.lemma, t.confirmed])).toEqual(
      kept.map((t) => [t.text, t.lemma, t.confirmed]),
    );
    expect(after[2]?.at(-1)?.confirmed).toBe(false);
    // A new word's dictionary form and endings come from the morphological analyser (hunspell
    // with hunspell-hu in the editor's thread), not from the lesson's words alone; a lesson word
    // as written (köszönöm) stays linked to it.
    expect(
      after[2]?.slice(-2).map((t) => [t.text, t.lemma, [...(t.grammar_notes ?? [])].sort()]),
    ).toEqual([
      ['Elmegyünk', 'elmegy', ['first_person_plural', 'verbal_prefix']],
      ['Köszönöm', 'köszönöm', []],
    ]);
    await expect(line(page, 2)).toContainText('Word times:');
  });
});
