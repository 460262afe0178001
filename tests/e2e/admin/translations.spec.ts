import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import {
  adminClient,
  fixture,
  makeLesson,
  signInAdmin,
  transcriptRows,
  uniqueNumber,
  uniqueTitle,
  vocabularyRows,
  type Db,
} from './admin-support.ts';

// Issue 11 point 4: German and Spanish meanings and the line translations in the create dialog
// and the review editor, the QA tab's languages, and the warning before publishing a lesson
// that lacks one.

const TRANSCRIPT_WITH_TRANSLATIONS = [
  'speaker,line,translation_en,translation_de,translation_es',
  'narrator,Anna és Bence a kávézóban.,Anna and Bence at the café.,Anna und Bence im Café.,Anna y Bence en la cafetería.',
  'anna,"Szia, Bence!","Hi, Bence!","Hallo, Bence!",',
].join('\r\n');

const VOCABULARY_WITH_MEANINGS = [
  'word_hu,word_en,difficulty,word_de,word_es',
  'kávé,coffee,beginner,Kaffee,café',
  'szia,hi,beginner,hallo,',
].join('\r\n');

// Windows-1250 bytes of Hungarian Excel's "CSV" (ASCII passes through).
const CP1250: Record<string, number> = {
  ő: 0xf5,
  Ő: 0xd5,
  ű: 0xfb,
  á: 0xe1,
  é: 0xe9,
  ö: 0xf6,
  ü: 0xfc,
};
const windows1250 = (text: string) =>
  Buffer.from([...text].map((ch) => CP1250[ch] ?? ch.charCodeAt(0)));

function recordConfirms(page: Page, answer: boolean): string[] {
  const seen: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => {
    seen.push(d.message());
    void (d.type() === 'confirm' && answer ? d.accept() : d.dismiss());
  });
  return seen;
}

async function openCreate(page: Page) {
  await signInAdmin(page);
  await page.goto('/admin?tab=lessons');
  await page.getByRole('button', { name: 'Create New Lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lesson' });
  await expect(dialog.getByLabel('Lesson Number')).not.toHaveValue('');
  return dialog;
}

/** Gives every line and word of a lesson all three languages. */
async function translateFully(db: Db, lessonId: string): Promise<void> {
  for (const line of await transcriptRows(db, lessonId)) {
    const { error } = await db
      .from('lesson_transcript')
      .update({ translation_en: 'en', translation_de: 'de', translation_es: 'es' })
      .eq('id', line.id);
    expect(error).toBeNull();
  }
  const { error } = await db
    .from('lesson_vocabulary')
    .update({ word_de: 'de', word_es: 'es' })
    .eq('lesson_id', lessonId);
  expect(error).toBeNull();
}

test.describe('translations in the admin area', () => {
  test('the create dialog reads, edits and stores meanings and line translations', async ({
    page,
    request,
  }) => {
    const title = uniqueTitle('Fordítás');
    const dialog = await openCreate(page);
    await dialog.getByLabel('Lesson Number').fill(String(uniqueNumber()));
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Lesson audio (.mp3 or .wav)').setInputFiles(fixture('lesson.mp3'));

    // A transcript the studio cannot half-read: one message, no lines.
    const transcriptInput = dialog.getByLabel('Transcript CSV (speaker, line)');
    await transcriptInput.setInputFiles({
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([
        Buffer.from('speaker,line\r\nanna,'),
        Buffer.from([0xf5, 0x2c, 0xf1]),
      ]),
    });
    await expect(
      dialog.getByText(/^The file could not be read: it is not UTF-8 text/),
    ).toBeVisible();
    await expect(dialog.getByRole('cell')).toHaveCount(0);
    // Hungarian Excel's Windows-1250 file is read correctly.
    await transcriptInput.setInputFiles({
      name: 'excel.csv',
      mimeType: 'text/csv',
      buffer: windows1250('speaker,line,translation_de\r\nnarrator,Őszi reggel.,Herbstmorgen.\r\n'),
    });
    await expect(dialog.getByRole('cell', { name: 'Őszi reggel.' })).toBeVisible();
    await expect(dialog.getByLabel('German translation of line 1')).toHaveValue('Herbstmorgen.');

    await transcriptInput.setInputFiles({
      name: 'transcript.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(TRANSCRIPT_WITH_TRANSLATIONS),
    });
    await expect(dialog.getByText('2 transcript lines')).toBeVisible();
    await expect(dialog.getByLabel('German translation of line 2')).toHaveValue('Hallo, Bence!');
    await dialog.getByLabel('Spanish translation of line 2').fill('¡Hola, Bence!');

    await dialog.getByLabel('Vocabulary CSV (word_hu, word_en, difficulty)').setInputFiles({
      name: 'vocabulary.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(VOCABULARY_WITH_MEANINGS),
    });
    await expect(dialog.getByLabel('German kávé')).toHaveValue('Kaffee');
    await dialog.getByLabel('Spanish szia').fill('hola');

    await dialog.getByRole('button', { name: 'Create Lesson' }).click();
    await expect(page.getByText('Lesson created successfully!')).toBeVisible({ timeout: 20_000 });

    const db = await adminClient(request);
    const { data: lesson } = await db.from('lessons').select('id').eq('title', title).single();
    const lines = await transcriptRows(db, lesson?.id ?? '');
    expect(
      lines.map((l) => [l.text_content, l.translation_en, l.translation_de, l.translation_es]),
    ).toEqual([
      [
        'Anna és Bence a kávézóban.',
        'Anna and Bence at the café.',
        'Anna und Bence im Café.',
        'Anna y Bence en la cafetería.',
      ],
      ['Szia, Bence!', 'Hi, Bence!', 'Hallo, Bence!', '¡Hola, Bence!'],
    ]);
    const words = await vocabularyRows(db, lesson?.id ?? '');
    expect(words.map((w) => [w.word_hu, w.word_en, w.word_de, w.word_es])).toEqual([
      ['kávé', 'coffee', 'Kaffee', 'café'],
      ['szia', 'hi', 'hallo', 'hola'],
    ]);
  });

  test('the review editor edits translations and writes back only what changed', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await page.getByLabel('German translation of line 2', { exact: true }).fill('Guten Tag!');
    await page
      .getByLabel('Spanish translation of line 1', { exact: true })
      .fill('Anna en la tienda.');
    await page.getByLabel('German alma').fill('Apfel');

    // Meanwhile another admin (or the studio) gives kenyér its Spanish meaning.
    const other = await db
      .from('lesson_vocabulary')
      .update({ word_es: 'pan' })
      .eq('lesson_id', lesson.id)
      .eq('word_hu', 'kenyér');
    expect(other.error).toBeNull();

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    const lines = await transcriptRows(db, lesson.id);
    expect(
      lines.map((l) => [l.start_time, l.end_time, l.translation_de, l.translation_es]),
    ).toEqual([
      [0, 4, null, 'Anna en la tienda.'],
      [5, 9, 'Guten Tag!', null],
    ]);
    const words = await vocabularyRows(db, lesson.id);
    expect(words.map((w) => [w.word_hu, w.word_de, w.word_es])).toEqual([
      ['alma', 'Apfel', null],
      ['kenyér', null, 'pan'],
    ]);

    // Added words take their meanings too.
    await page.getByRole('button', { name: 'Add Word' }).click();
    const add = page.getByRole('dialog', { name: 'Add Word' });
    await add.getByLabel('Hungarian *').fill('víz');
    await add.getByLabel('English *').fill('water');
    await add.getByLabel('German').fill('Wasser');
    await add.getByLabel('Spanish').fill('agua');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Word added successfully')).toBeVisible();
    await expect(page.getByLabel('Spanish víz')).toHaveValue('agua');
    const { data: water } = await db
      .from('lesson_vocabulary')
      .select('word_de, word_es')
      .eq('lesson_id', lesson.id)
      .eq('word_hu', 'víz')
      .single();
    expect(water).toEqual({ word_de: 'Wasser', word_es: 'agua' });
  });

  test("the review page's transcript CSV brings translations; unchanged lines keep their times", async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    const before = await transcriptRows(db, lesson.id);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await page.getByLabel('Upload New CSV').setInputFiles({
      name: 'translated.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'speaker,text,translation_en,translation_de,translation_es',
          'narrator,Anna a boltban.,Anna in the shop.,Anna im Laden.,Anna en la tienda.',
          'bence,Jó napot kívánok!,Good day!,Guten Tag!,¡Buenos días!',
          'anna,Jó napot!,Good afternoon!,Guten Tag!,¡Buenas tardes!',
        ].join('\n'),
      ),
    });
    await expect(page.getByText('Loaded 3 transcript lines')).toBeVisible();
    await expect(page.getByLabel('German translation of line 1', { exact: true })).toHaveValue(
      'Anna im Laden.',
    );
    // The new middle line has no time yet; the others keep theirs.
    await expect(page.getByLabel('Start of line 2', { exact: true })).toHaveValue('');
    await page.getByLabel('Start of line 2', { exact: true }).fill('4.2');
    await page.getByLabel('End of line 2', { exact: true }).fill('4.9');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText('Transcript changes saved')).toBeVisible();
    const after = await transcriptRows(db, lesson.id);
    expect(
      after.map((l) => [l.id, l.start_time, l.end_time, l.translation_en, l.translation_es]),
    ).toEqual([
      [before[0]?.id, 0, 4, 'Anna in the shop.', 'Anna en la tienda.'],
      [after[1]?.id, 4.2, 4.9, 'Good day!', '¡Buenos días!'],
      [before[1]?.id, 5, 9, 'Good afternoon!', '¡Buenas tardes!'],
    ]);
  });

  test('Publish asks before publishing a lesson with a missing language; declining saves nothing', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await translateFully(db, lesson.id);
    const { error } = await db
      .from('lesson_transcript')
      .update({ translation_es: null })
      .eq('lesson_id', lesson.id)
      .eq('line_number', 2);
    expect(error).toBeNull();
    await signInAdmin(page);

    let confirms = recordConfirms(page, false);
    await page.goto(`/admin/review/${lesson.id}`);
    await page.getByLabel('Title').fill(`${lesson.title} (edited)`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => confirms)
      .toEqual([
        'Translations are missing in Spanish. Learners will see English, or no translation, where one is missing. Publish anyway?',
      ]);
    await expect(page.getByText('Lesson published successfully!')).toHaveCount(0);
    const { data: still } = await db
      .from('lessons')
      .select('title, is_published')
      .eq('id', lesson.id)
      .single();
    expect(still).toEqual({ title: lesson.title, is_published: false });

    // The admin fills the gap: no question any more.
    confirms = recordConfirms(page, true);
    await page.getByLabel('Spanish translation of line 2', { exact: true }).fill('¡Buenos días!');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Lesson published successfully!')).toBeVisible();
    expect(confirms).toEqual([]);
  });

  test('QA shows which languages are complete and Approve names the lessons that are not', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const complete = await makeLesson(db, { title: uniqueTitle('QA complete') });
    await translateFully(db, complete.id);
    const partial = await makeLesson(db, { title: uniqueTitle('QA partial') });
    await signInAdmin(page);
    await page.goto('/admin?tab=qa');
    await page.getByRole('button', { name: 'Draft', exact: true }).click();

    const rowOf = (l: { number: number; title: string }) =>
      page.getByRole('row').filter({ hasText: `Lesson ${l.number}: ${l.title}` });
    // Selected with the keyboard, as a keyboard user does.
    const select = async (l: { number: number; title: string }) => {
      const box = page.getByLabel(`Select Lesson ${l.number}: ${l.title}`);
      await box.press('Space');
      await expect(box).toBeChecked();
    };
    const languagesOf = (l: { number: number; title: string }) =>
      rowOf(l).getByRole('list', { name: 'Translations' });
    await expect(languagesOf(complete)).toContainText('English: complete');
    await expect(languagesOf(complete)).toContainText('German: complete');
    await expect(languagesOf(complete)).toContainText('Spanish: complete');
    await expect(languagesOf(partial)).toContainText(
      'English: 0 word meanings and 2 line translations missing',
    );
    await expect(languagesOf(partial)).toContainText(
      'German: 2 word meanings and 2 line translations missing',
    );

    // Approving the complete lesson alone asks nothing.
    let confirms = recordConfirms(page, true);
    await select(complete);
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('1 lesson approved and published')).toBeVisible();
    expect(confirms).toEqual([]);

    // The partial one is named; declining publishes nothing.
    confirms = recordConfirms(page, false);
    await select(partial);
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect.poll(() => confirms).toHaveLength(1);
    expect(confirms[0]).toBe(
      `Translations are missing in these lessons:\nLesson ${partial.number}: ${partial.title}: English, German, Spanish\nLearners will see English, or no translation, where one is missing. Publish anyway?`,
    );
    const { data } = await db
      .from('lessons')
      .select('id, is_published')
      .in('id', [complete.id, partial.id]);
    expect(Object.fromEntries((data ?? []).map((l) => [l.id, l.is_published]))).toEqual({
      [complete.id]: true,
      [partial.id]: false,
    });
  });
});
