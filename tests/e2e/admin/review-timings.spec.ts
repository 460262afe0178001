import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import {
  adminClient,
  copySeedLesson,
  seedLessonId,
  signInAdmin,
  transcriptRows,
  vocabularyRows,
} from './admin-support.ts';

// Issue 12 point 1: the web review editor never loses a timing. Seed lesson 2 carries the
// studio's timings (0.4–4.8, 5.5–8.33, 9.03–12.55, …); every save must give them back as read.

/** Accepts every confirm (the publish warning for missing translations) and records it. */
function acceptConfirms(page: Page): string[] {
  const seen: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => {
    seen.push(d.message());
    void (d.type() === 'confirm' ? d.accept() : d.dismiss());
  });
  return seen;
}

const line = (page: Page, n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });
const field = (page: Page, what: 'Start' | 'End' | 'Text' | 'Speaker', n: number) =>
  page.getByLabel(`${what} of line ${n}`, { exact: true });

const timings = (rows: readonly { start_time: number | null; end_time: number | null }[]) =>
  rows.map((r) => [r.start_time, r.end_time]);

test.describe('review editor timings', () => {
  test('seed lesson 2: Save Transcript Changes and Publish with no edits change no row', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const id = await seedLessonId(db, 2);
    const lines = await transcriptRows(db, id);
    const words = await vocabularyRows(db, id);
    expect(timings(lines).slice(0, 3)).toEqual([
      [0.4, 4.8],
      [5.5, 8.33],
      [9.03, 12.55],
    ]);
    acceptConfirms(page);
    await signInAdmin(page);
    await page.goto(`/admin/review/${id}`);
    await expect(field(page, 'Start', 2)).toHaveValue('5.5');
    await expect(field(page, 'End', 2)).toHaveValue('8.33');

    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText('Transcript changes saved')).toBeVisible();
    expect(await transcriptRows(db, id)).toEqual(lines);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Lesson published successfully!')).toBeVisible();
    // Every column of every line and word as before: ids, times, translations, updated_at.
    expect(await transcriptRows(db, id)).toEqual(lines);
    expect(await vocabularyRows(db, id)).toEqual(words);
  });

  test('a copy of seed lesson 2: save draft, edit text, edit a time, publish', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 2);
    const before = await transcriptRows(db, lesson.id);
    const confirms = acceptConfirms(page);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await expect(field(page, 'End', 3)).toHaveValue('12.55');

    // Save Draft with no edits: nothing is written.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    expect(await transcriptRows(db, lesson.id)).toEqual(before);

    // A text edit keeps the line's times; the other lines are not written at all.
    const edited = `${before[2]?.text_content ?? ''} Köszönöm!`;
    await field(page, 'Text', 3).fill(edited);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft').first()).toBeVisible();
    await expect
      .poll(async () => (await transcriptRows(db, lesson.id))[2]?.text_content)
      .toBe(edited);
    const afterText = await transcriptRows(db, lesson.id);
    expect(timings(afterText)).toEqual(timings(before));
    expect(afterText.filter((_, i) => i !== 2)).toEqual(before.filter((_, i) => i !== 2));
    expect(afterText[2]?.id).toBe(before[2]?.id);

    // An edited time is stored exactly; nothing else moves.
    await field(page, 'End', 2).fill('8.5');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText('Transcript changes saved')).toBeVisible();
    await expect.poll(async () => (await transcriptRows(db, lesson.id))[1]?.end_time).toBe(8.5);
    const afterTime = await transcriptRows(db, lesson.id);
    expect(timings(afterTime)).toEqual(timings(before).map((t, i) => (i === 1 ? [5.5, 8.5] : t)));

    // Publish: the translation warning (the copy's languages may be incomplete) is a confirm.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Lesson published successfully!')).toBeVisible();
    expect(await transcriptRows(db, lesson.id)).toEqual(afterTime);
    const { data } = await db.from('lessons').select('is_published').eq('id', lesson.id).single();
    expect(data?.is_published).toBe(true);
    const words = await vocabularyRows(db, lesson.id);
    const missing =
      afterTime.some((l) => !l.translation_en || !l.translation_de || !l.translation_es) ||
      words.some((w) => !w.word_de || !w.word_es);
    expect(confirms.some((m) => m.startsWith('Translations are missing in'))).toBe(missing);
  });

  test('invalid times are refused with the message and nothing is saved', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 2);
    const before = await transcriptRows(db, lesson.id);
    const last = before.length;
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const save = page.getByRole('button', { name: 'Save Transcript Changes' });

    await field(page, 'Start', 4).fill('abc');
    await expect(
      line(page, 4).getByText(
        'Line 4: "abc" is not a time. Enter seconds (4.8) or minutes:seconds (1:04.8).',
      ),
    ).toBeVisible();
    await expect(field(page, 'Start', 4)).toHaveAttribute('aria-invalid', 'true');
    await save.click();
    await expect(
      page.getByText('Nothing was saved. Fix the transcript problems listed under Transcript.'),
    ).toBeVisible();

    await field(page, 'Start', 4).fill('12');
    await expect(
      line(page, 4).getByText(
        'Line 4 overlaps line 3: it starts at 0:12.00, before line 3 ends at 0:12.55.',
      ),
    ).toBeVisible();
    await field(page, 'Start', 4).fill('13.25');
    await field(page, 'End', 4).fill('13');
    await expect(
      line(page, 4).getByText('Line 4: The start (0:13.25) must be before the end (0:13.00).'),
    ).toBeVisible();
    await field(page, 'End', 4).fill('15.36');

    await field(page, 'End', last).fill('500');
    await expect(
      line(page, last).getByText(
        new RegExp(`^Line ${last}: 8:20\\.00 is past the end of the audio \\(1:10\\.\\d\\d\\)\\.$`),
      ),
    ).toBeVisible();
    await save.click();
    await expect(
      page
        .getByText('Nothing was saved. Fix the transcript problems listed under Transcript.')
        .first(),
    ).toBeVisible();
    expect(await transcriptRows(db, lesson.id)).toEqual(before);
  });

  test('the text view merges edits line by line; an inserted line is timed in the table', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 2);
    const before = await transcriptRows(db, lesson.id);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await page.getByRole('button', { name: 'Text (SPEAKER: text)' }).click();
    const area = page.getByLabel('Transcript lines (SPEAKER: text)');
    await expect(area).toHaveAttribute('rows', '20');
    const text = await area.inputValue();
    const rows = text.split('\n');
    // Line 2 edited, a new line after line 3.
    rows[1] = `${rows[1] ?? ''} Vagy kakaót?`;
    rows.splice(3, 0, 'NARRATOR: Egy pillanat csend.');
    await area.fill(rows.join('\n'));

    await page.getByRole('button', { name: 'Line table' }).click();
    await expect(field(page, 'Text', 4)).toHaveValue('Egy pillanat csend.');
    await expect(field(page, 'Start', 4)).toHaveValue('');
    await expect(line(page, 4).getByText(/^No time yet \(plays at the default/)).toBeVisible();
    await expect(field(page, 'Start', 2)).toHaveValue('5.5');
    await expect(field(page, 'End', 5)).toHaveValue(String(before[3]?.end_time));

    // The default (15–19 s) would overlap the studio's times: the admin times the line.
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText(/^Line 5 overlaps line 4/)).toBeVisible();
    await field(page, 'Start', 4).fill('12.6');
    await field(page, 'End', 4).fill('13.2');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText('Transcript changes saved')).toBeVisible();

    const after = await transcriptRows(db, lesson.id);
    expect(after).toHaveLength(before.length + 1);
    expect(timings(after)).toEqual([
      ...timings(before.slice(0, 3)),
      [12.6, 13.2],
      ...timings(before.slice(3)),
    ]);
    expect(after[1]).toMatchObject({
      id: before[1]?.id,
      text_content: `${before[1]?.text_content ?? ''} Vagy kakaót?`,
    });
    expect(after.map((l) => l.id)).toEqual([
      ...before.slice(0, 3).map((l) => l.id),
      after[3]?.id,
      ...before.slice(3).map((l) => l.id),
    ]);
  });

  test('a save over a transcript changed elsewhere is refused, nothing lost', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 2);
    const before = await transcriptRows(db, lesson.id);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await expect(field(page, 'End', 1)).toHaveValue('4.8');
    // The studio retimes line 1 meanwhile.
    const studio = await db
      .from('lesson_transcript')
      .update({ end_time: 4.9 })
      .eq('id', before[0]?.id ?? '');
    expect(studio.error).toBeNull();

    await field(page, 'Text', 2).fill('Mit kérsz, Anna?');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText(/^Nothing was saved: the transcript was changed elsewhere/),
    ).toBeVisible();
    const after = await transcriptRows(db, lesson.id);
    expect(after[0]?.end_time).toBe(4.9);
    expect(after[1]?.text_content).toBe(before[1]?.text_content);
  });
});
