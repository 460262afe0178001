import type { MessageParams } from '@magyarul/core/messages';
import { translate, type TextKey } from '../../../web/src/lib/i18n/catalogue.ts';
import { de } from '../../../web/src/lib/i18n/de.ts';
import { expect, test } from '../support.ts';
import { adminClient, fixture, makeLesson, signInAdmin, uniqueTitle } from './admin-support.ts';

// Issue 15 point 2: the admin area renders core's messages ({ key, params }) and its own labels
// through the reader's catalogue, so a German admin sees German labels and German validation
// messages with their values filled in (no English sentence matched back into a key).

const say = (key: TextKey, params?: MessageParams) => translate(de, key, params);

test('the create dialog in German: labels and validation messages come from the catalogue', async ({
  page,
  request,
}) => {
  const lesson = await makeLesson(await adminClient(request), { title: uniqueTitle('Stufe') });
  await signInAdmin(page);
  await page.evaluate(() => localStorage.setItem('magyarul.language', 'de'));
  await page.goto('/admin?tab=lessons');
  // The lessons table's level column: the German level name, not the stored "beginner".
  await expect(
    page.getByRole('row').filter({ hasText: lesson.title }).getByRole('cell').nth(3),
  ).toHaveText(say('level.beginner'));
  await page.getByRole('button', { name: say('create.title') }).click();
  const dialog = page.getByRole('dialog', { name: say('create.title') });
  const number = dialog.getByLabel(say('adminUi.lessonNumber'));
  await expect(number).not.toHaveValue('');

  await number.fill('0');
  await dialog.getByLabel(say('adminUi.title'), { exact: true }).fill('ab');
  await dialog.getByRole('button', { name: say('adminUi.createSubmit') }).click();
  await expect(dialog.getByText(say('validation.requiredPositiveInteger'))).toBeVisible();
  await expect(dialog.getByText(say('validation.minCharacters', { n: 3 }))).toBeVisible();

  await dialog.getByLabel(say('adminUi.audioFile')).setInputFiles(fixture('notes.txt'));
  await expect(
    dialog.getByText(say('files.invalidTypeExpected', { expected: '.mp3, .wav' })),
  ).toBeVisible();
  // Nothing of it is the English text.
  await expect(dialog.getByText('Required positive integer')).toHaveCount(0);
  await expect(dialog.getByText('Invalid file type. Expected: .mp3, .wav')).toHaveCount(0);
});

test('choices in German: level, language and difficulty options name their values in German', async ({
  page,
  request,
}) => {
  const lesson = await makeLesson(await adminClient(request));
  await signInAdmin(page);
  await page.evaluate(() => localStorage.setItem('magyarul.language', 'de'));
  const levels = [say('level.beginner'), say('level.intermediate'), say('level.advanced')];
  const difficulties = [say('difficulty.easy'), say('difficulty.medium'), say('difficulty.hard')];

  await page.goto('/upload');
  await expect(page.getByLabel(say('upload.field.level')).locator('option')).toHaveText([
    '—',
    ...levels,
  ]);
  await expect(page.getByLabel(say('upload.field.from')).locator('option')).toHaveText([
    say('language.en'),
    say('language.de'),
    say('language.es'),
  ]);
  await expect(page.getByLabel(say('upload.field.to')).locator('option')).toHaveText([
    say('adminUi.hungarian'),
  ]);

  await page.goto(`/admin/review/${lesson.id}`);
  // The stored values stay what they were: only their names are translated.
  const level = page.getByLabel(say('adminUi.level'), { exact: true });
  await expect(level).toHaveValue('beginner');
  // (It offers the levels the lessons use, so which of the three depends on the data.)
  const names = await level.locator('option').allTextContents();
  expect(names).toContain(say('level.beginner'));
  expect(names.filter((name) => !levels.includes(name))).toEqual([]);
  const alma = page.getByLabel(`${say('adminUi.difficulty')} alma`);
  await expect(alma).toHaveValue('easy');
  await expect(alma.locator('option')).toHaveText(difficulties);
  await page.getByRole('button', { name: say('vocabulary.addWord') }).click();
  const add = page.getByRole('dialog', { name: say('vocabulary.addWord') });
  await expect(add.getByLabel(say('adminUi.difficulty')).locator('option')).toHaveText(
    difficulties,
  );
});
