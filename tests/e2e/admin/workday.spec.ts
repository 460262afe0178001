import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import { adminClient, fixture, makeLesson, signInAdmin, uniqueNumber } from './admin-support.ts';

// Issue 14, points 4 and 5: the create dialog as a place to check what was read, and QA as a
// list to work through.

/** Accepts native confirms (translation warnings) and records their texts. */
function acceptConfirms(page: Page): string[] {
  const seen: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => {
    seen.push(d.message());
    void (d.type() === 'confirm' ? d.accept() : d.dismiss());
  });
  return seen;
}

/**
 * A vocabulary CSV saved by Excel on a Hungarian Windows (Windows-1250 bytes, five rows), or
 * with a Spanish ñ among them, which makes it a file of no one code page (ñ is ń in
 * Windows-1250, ő is õ in Windows-1252).
 */
function singleByteVocabulary(withSpanish: boolean): string {
  const text = `word_hu,word_en,difficulty\r\nkönyv,book,beginner\r\nőszi,autumnal,beginner\r\nűr,space,advanced\r\nfű,grass,beginner\r\ntűz,${withSpanish ? 'fuego (año)' : 'fire'},intermediate\r\n`;
  const bytes = Buffer.from(
    [...text].map((c) => ({ ö: 0xf6, ő: 0xf5, ű: 0xfb, ñ: 0xf1 })[c] ?? c.charCodeAt(0)),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'magyarul-csv-')), 'szavak.csv');
  writeFileSync(file, bytes);
  return file;
}

test.describe('the admin area for a working day', () => {
  test('create dialog: wide, numeric number with duplicate check, errors that clear, one message per problem, previews with matched audio', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const db = await adminClient(request);
    const existing = await makeLesson(db);
    await signInAdmin(page);
    await page.goto('/admin?tab=lessons');
    await page.getByRole('button', { name: 'Create New Lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Lesson' });
    const number = dialog.getByLabel('Lesson Number');
    await expect(number).not.toHaveValue('');
    expect((await dialog.boundingBox())?.width ?? 0).toBeGreaterThan(1000);

    await number.fill('abc');
    await expect(number).toHaveValue('');
    await number.fill(String(existing.number));
    await expect(
      dialog.getByText(`This lesson number already exists (Draft: "${existing.title}")`),
    ).toBeVisible();
    await number.fill(String(uniqueNumber()));
    await expect(dialog.getByText('This lesson number already exists')).toHaveCount(0);

    await dialog.getByLabel('Title').fill('ab');
    await dialog.getByRole('button', { name: 'Create Lesson' }).click();
    await expect(dialog.getByText('Min 3 characters')).toBeVisible();
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(3);
    await dialog.getByLabel('Title').fill('Őszi piac');
    await expect(dialog.getByText('Min 3 characters')).toHaveCount(0);
    await dialog.getByLabel('Lesson audio (.mp3 or .wav)').setInputFiles(fixture('lesson.mp3'));
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(2);

    // A Windows-1250 CSV is read as a transcript is (core's one rule for lesson files)...
    const vocabulary = dialog.getByLabel('Vocabulary CSV (word_hu, word_en, difficulty)');
    await vocabulary.setInputFiles(singleByteVocabulary(false));
    const problems = dialog.getByRole('list', { name: 'CSV problems' });
    await expect(problems).toHaveCount(0);
    await expect(dialog.getByText('20 flashcards (4 per word)')).toBeVisible();
    await expect(
      dialog.locator('details').filter({ hasText: '5 vocabulary words' }).getByRole('row'),
    ).toContainText(['könyv', 'őszi', 'űr', 'fű', 'tűz']);
    // ...and a file in no one code page is refused whole: one message, no cards counted.
    await vocabulary.setInputFiles(singleByteVocabulary(true));
    await expect(problems.getByRole('listitem')).toHaveText([
      'The file could not be read: it is not UTF-8 text, and reading it as Windows-1250 or Windows-1252 would garble letters. Nothing was loaded. Save it as "CSV UTF-8" and upload again.',
    ]);
    await expect(dialog.getByText(/flashcards/)).toHaveCount(0);

    // The real files: what was read is shown as tables, each word with its matched audio.
    await dialog
      .getByLabel('Transcript CSV (speaker, line)')
      .setInputFiles(fixture('transcript.csv'));
    await vocabulary.setInputFiles(fixture('vocabulary.csv'));
    await expect(problems).toHaveCount(0);
    await expect(dialog.getByText('16 flashcards (4 per word)')).toBeVisible();
    const lines = dialog.locator('details').filter({ hasText: '3 transcript lines' });
    await expect(lines.getByRole('row')).toHaveCount(4);
    await expect(lines.getByRole('row').nth(3)).toContainText('Köszönöm, jól vagyok.');
    await dialog
      .getByLabel('Vocabulary audio files (.mp3 or .wav, several at once)')
      .setInputFiles([fixture('szia.mp3'), fixture('jó-reggelt.wav')]);
    const words = dialog.locator('details').filter({ hasText: '4 vocabulary words' });
    await expect(words.getByRole('columnheader', { name: 'Audio' })).toBeVisible();
    await expect(words.getByRole('row').filter({ hasText: 'szia' })).toContainText('szia.mp3');
    await expect(words.getByRole('row').filter({ hasText: 'jó reggelt' })).toContainText(
      'jó-reggelt.wav',
    );
    await expect(words.getByRole('row').filter({ hasText: 'köszönöm' })).toContainText('no audio');
  });

  test('QA: Approve publishes drafts only and counts them; compact rows; review page badge', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const db = await adminClient(request);
    const draft = await makeLesson(db);
    const published = await makeLesson(db, { published: true });
    const confirms = acceptConfirms(page);
    await signInAdmin(page);
    await page.goto('/admin?tab=qa');
    await page.getByRole('button', { name: 'All Lessons' }).click();

    // At least 12 lessons fit on a 1440×900 screen.
    await expect(page.getByRole('table')).toBeVisible();
    const visible = await page
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll(
        (rows) =>
          rows.filter((row) => {
            const box = row.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }).length,
      );
    expect(visible).toBeGreaterThanOrEqual(12);

    const select = (lesson: { number: number; title: string }) =>
      page.getByLabel(`Select Lesson ${lesson.number}: ${lesson.title}`);
    await select(published).check();
    await expect(page.getByText('1 lesson selected')).toBeVisible();
    // Only published lessons chosen: nothing to approve.
    await expect(page.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();
    await select(draft).check();
    await expect(page.getByText('2 lessons selected')).toBeVisible();
    const before = await db.from('lessons').select('updated_at').eq('id', published.id).single();
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('1 lesson approved and published')).toBeVisible();
    // The translation warning named the draft only.
    expect(confirms.join('\n')).toContain(draft.title);
    expect(confirms.join('\n')).not.toContain(published.title);
    const { data } = await db
      .from('lessons')
      .select('id, is_published, updated_at')
      .in('id', [draft.id, published.id]);
    expect(data?.find((l) => l.id === draft.id)?.is_published).toBe(true);
    // The published lesson was not written again.
    expect(data?.find((l) => l.id === published.id)?.updated_at).toBe(before.data?.updated_at);

    // The review page says whether the lesson is published, and follows a save.
    await page
      .getByRole('link', { name: `Review Lesson ${published.number}: ${published.title}` })
      .click();
    const badge = page.locator('.admin-review-title').getByRole('status');
    await expect(badge).toHaveText('Published');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    await expect(badge).toHaveText('Draft');
  });

  test('the editor player has no transcript toggle; Analytics writes "1 learner", never "1 learners"', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await page.getByLabel('Upload audio file').setInputFiles(fixture('lesson.wav'));
    await expect(page.getByText('Audio uploaded successfully')).toBeVisible();
    const audio = page.getByRole('region', { name: '2. Lesson Audio' });
    await expect(audio.getByRole('group', { name: 'Playback speed' })).toBeVisible();
    await expect(audio.getByRole('button', { name: /Transcript/ })).toHaveCount(0);

    await page.goto('/admin?tab=analytics');
    await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
    await expect(page.getByText(/\b1 learners\b/)).toHaveCount(0);
  });
});
