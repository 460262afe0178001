import { expect, test } from '../support.ts';
import {
  adminClient,
  signInAdmin,
  transcriptRows,
  uniqueNumber,
  uniqueTitle,
} from './admin-support.ts';

// Issue 28 point 7: Hungarian spell-check in the web review editor, with the studio's hunspell
// and dictionary (npm hunspell-asm and dictionary-hu, here in a worker of the page). A misspelt
// word of a line's text is marked with suggestions; the lesson's speakers and characters, and
// their inflected forms, are not flagged.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`the review editor marks a misspelt word with suggestions, names left alone, at ${size.width}×${size.height}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const db = await adminClient(request);
    const lesson = await db
      .from('lessons')
      .insert({
        title: uniqueTitle('Spelling'),
        lesson_number: uniqueNumber(),
        level: 'beginner',
        is_published: false,
      })
      .select('id')
      .single();
    if (lesson.error) throw lesson.error;
    const id = lesson.data.id;
    // Names hunspell does not know (nor their inflected forms): the lesson's characters.
    const character = await db.from('lesson_characters').insert([
      { lesson_id: id, key: 'ajsa', name_en: 'Ajsa', sex: 'female', voice: 'hu-female-2' },
      { lesson_id: id, key: 'vendelin', name_en: 'Vendelin', sex: 'male', voice: 'hu-male-2' },
    ]);
    if (character.error) throw character.error;
    const lines = await db.from('lesson_transcript').insert([
      {
        lesson_id: id,
        line_number: 1,
        speaker: 'narrator',
        text_content: 'Ajsa a kávézo előtt vár Vendelinnel.',
        start_time: 0,
        end_time: 3,
      },
      {
        lesson_id: id,
        line_number: 2,
        speaker: 'anna',
        text_content: 'Jó napot, Ajsa! Vendelinnek hoztam egy kávét.',
        start_time: 3,
        end_time: 6,
      },
    ]);
    if (lines.error) throw lines.error;

    await signInAdmin(page);
    await page.goto(`/admin/review/${id}`);
    const spelling = page.getByRole('list', { name: 'Spelling of line 1' });
    // The dictionary loads in the spelling thread the first time (about a second).
    await expect(spelling).toBeVisible({ timeout: 20_000 });
    await expect(spelling.getByRole('listitem')).toHaveCount(1);
    await expect(spelling.locator('.misspelt')).toHaveText('kávézo');
    const fix = spelling.getByRole('button', { name: 'Replace “kávézo” with “kávézó” in line 1' });
    await expect(fix).toBeVisible();
    // The line's text says where its spelling note is.
    const text = page.getByLabel('Text of line 1', { exact: true });
    const described = (await text.getAttribute('aria-describedby')) ?? '';
    expect(described).toContain(await spelling.locator('..').getAttribute('id'));
    // Line 2: only names of the lesson (Ajsa, Vendelinnek) and dictionary words: no note.
    await expect(page.getByRole('list', { name: 'Spelling of line 2' })).toHaveCount(0);
    await spelling.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`spelling-${size.width}.png`) });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await fix.click();
    await expect(text).toHaveValue('Ajsa a kávézó előtt vár Vendelinnel.');
    await expect(spelling).toHaveCount(0);
    // A new misspelling typed in is marked a moment later.
    await text.fill('Ajsa a kávézó előtt várr.');
    await expect(
      page.getByRole('list', { name: 'Spelling of line 1' }).locator('.misspelt'),
    ).toHaveText('várr');
    // Advice only: the editor saved nothing by itself.
    expect((await transcriptRows(db, id))[0]?.text_content).toBe(
      'Ajsa a kávézo előtt vár Vendelinnel.',
    );
  });
}
