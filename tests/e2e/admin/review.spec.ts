import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support.ts';
import {
  adminClient,
  expectOwnNumberAccepted,
  fixture,
  makeLesson,
  NFD_KOSZONOM,
  signInAdmin,
  uniqueNumber,
  uniqueTitle,
  vocabularyRows,
} from './admin-support.ts';

const MB = 1024 * 1024;

/** Records native dialog texts and accepts confirms (the page's own stub only dismisses). */
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
 * Holds the page's next `method` request whose path starts with `pathPrefix` until `release()`
 * (later ones pass): `arrived` resolves once it is held, so a test asserts the pending state
 * while the request really is pending, without a fixed sleep.
 */
async function holdNext(
  page: Page,
  method: string,
  pathPrefix: string,
): Promise<{ arrived: Promise<void>; release: () => void }> {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(
    (url) => url.pathname.startsWith(pathPrefix),
    async (route) => {
      if (held || route.request().method() !== method) return route.fallback();
      held = true;
      arrive();
      await released;
      await route.fallback();
    },
  );
  return { arrived, release };
}

test.describe('lesson review editor', () => {
  test('shows "Lesson not found" with a way back for a missing lesson', async ({ page }) => {
    await signInAdmin(page);
    await page.goto(`/admin/review/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to QA Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=qa$/);
  });

  test('metadata: duplicate number check, save draft, saved indicator and leave warning', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const other = await makeLesson(db, { title: uniqueTitle('Other') });
    const lesson = await makeLesson(db, { title: uniqueTitle('Editing'), published: true });
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await expect(page.getByRole('heading', { name: 'Lesson Metadata' })).toBeVisible();
    await expect(page.getByLabel('Duration')).toHaveValue('1:35');
    await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute('rows', '4');

    const number = page.getByLabel('Lesson Number');
    await number.fill(String(other.number));
    await expect(
      page.getByText(`This lesson number already exists (Draft: "${other.title}")`),
    ).toBeVisible();
    await expectOwnNumberAccepted(page, number, lesson);
    await number.fill('abc');
    await expect(number).toHaveValue('');
    await number.fill(String(lesson.number));

    await page.getByLabel('Title').fill(`${lesson.title} (checked)`);
    await page.getByLabel('Topic').fill('Vásárlás');

    // While dirty the page cancels unload (the browser then asks before leaving).
    const prevented = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    await expect(page.getByText(/^All changes saved \d+ seconds? ago$/)).toBeVisible();
    const clean = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(clean).toBe(false);
    const { data } = await db
      .from('lessons')
      .select('title, topic, is_published')
      .eq('id', lesson.id)
      .single();
    expect(data).toEqual({
      title: `${lesson.title} (checked)`,
      topic: 'Vásárlás',
      is_published: false,
    });
  });

  test('transcript: text area, CSV upload, paste, format help and save', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    // The spec's text area is the line table's alternative view.
    await page.getByRole('button', { name: 'Text (SPEAKER: text)' }).click();
    const area = page.getByLabel('Transcript lines (SPEAKER: text)');
    await expect(area).toHaveAttribute('rows', '20');
    await expect(area).toHaveValue('NARRATOR: Anna a boltban.\nANNA: Jó napot!');

    await page.getByLabel('Upload New CSV').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * MB + 1, 'a'),
    });
    await expect(page.getByText('File too large. Maximum size is 10MB')).toBeVisible();
    await page.getByLabel('Upload New CSV').setInputFiles(fixture('transcript-header-only.csv'));
    await expect(page.getByText('No valid transcript lines found in file')).toBeVisible();
    await page.getByLabel('Upload New CSV').setInputFiles(fixture('review-transcript.csv'));
    await expect(page.getByText('Loaded 3 transcript lines')).toBeVisible();
    await expect(area).toHaveValue(
      'NARRATOR: Bence a piacon van.\nBENCE: Kérek két kilót.\nANNA: Tessék!',
    );

    await page.getByRole('button', { name: 'Paste Content' }).click();
    const paste = page.getByRole('dialog', { name: 'Paste Content' });
    await expect(paste.getByText('Format: speaker,text (CSV format)')).toBeVisible();
    await paste.getByLabel('Content to parse').fill('just words without a comma');
    await paste.getByRole('button', { name: 'Parse & Load' }).click();
    await expect(page.getByText('No valid transcript lines found', { exact: true })).toBeVisible();
    await paste.getByLabel('Content to parse').fill('anna,Szia!\nbence,"Szia, Anna!"');
    await paste.getByRole('button', { name: 'Parse & Load' }).click();
    await expect(page.getByText('Loaded 2 transcript lines')).toBeVisible();
    await expect(area).toHaveValue('ANNA: Szia!\nBENCE: Szia, Anna!');

    await page.getByRole('button', { name: 'Format Help' }).click();
    const help = page.getByRole('dialog', { name: 'Format Help' });
    for (const speaker of ['NARRATOR', 'ANNA', 'BENCE']) {
      await expect(help.getByText(speaker, { exact: true })).toBeVisible();
    }
    await help.getByRole('button', { name: 'Close' }).click();

    await area.fill('NARRATOR: Egy új nap.\nno colon line\nANNA: Hány óra van? 10:30\nBENCE:');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(page.getByText('Transcript changes saved')).toBeVisible();
    const { data } = await db
      .from('lesson_transcript')
      .select('line_number, speaker, text_content, start_time, end_time')
      .eq('lesson_id', lesson.id)
      .order('line_number');
    expect(data).toEqual([
      {
        line_number: 1,
        speaker: 'narrator',
        text_content: 'Egy új nap.',
        start_time: 0,
        end_time: 4,
      },
      {
        line_number: 2,
        speaker: 'anna',
        text_content: 'Hány óra van? 10:30',
        start_time: 5,
        end_time: 9,
      },
    ]);
  });

  test('audio: validation, upload, player, download, replace and delete', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await db.from('lessons').update({ duration: null }).eq('id', lesson.id);
    const dialogs = acceptConfirms(page);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const audio = page.getByRole('region', { name: '2. Lesson Audio' });
    await expect(audio.getByText('No audio file available')).toBeVisible();
    await expect(page.getByLabel('Duration')).toHaveValue('N/A');

    await page.getByLabel('Upload audio file').setInputFiles(fixture('notes.txt'));
    await expect(
      page.getByText('Invalid file type. Please upload MP3, WAV, M4A, or AAC'),
    ).toBeVisible();
    await page.getByLabel('Upload audio file').setInputFiles(fixture('lesson.wav'));
    await expect(page.getByText('Audio uploaded successfully')).toBeVisible();
    await expect(audio.getByRole('group', { name: 'Playback speed' })).toBeVisible();
    await expect(page.getByLabel('Duration')).toHaveValue(/^0:0[1-9]$/);

    const downloadPromise = page.waitForEvent('download');
    await audio.getByRole('button', { name: 'Download' }).click();
    expect((await downloadPromise).suggestedFilename()).toMatch(/-lesson\.wav$/);

    await page.getByLabel('Replace audio file').setInputFiles(fixture('lesson.mp3'));
    await expect(page.getByText('Audio uploaded successfully').first()).toBeVisible();
    await expect
      .poll(
        async () =>
          (await db.from('lessons').select('audio_url').eq('id', lesson.id).single()).data
            ?.audio_url,
      )
      .toMatch(/-lesson\.mp3$/);

    await audio.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs).toContain('Are you sure? This cannot be undone.');
    await expect(page.getByText('Audio deleted successfully')).toBeVisible();
    await expect(audio.getByText('No audio file available')).toBeVisible();
    const { data } = await db.from('lessons').select('audio_url').eq('id', lesson.id).single();
    expect(data?.audio_url).toBeNull();
  });

  test('vocabulary: edit difficulty, word audio, add and delete words', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    const dialogs = acceptConfirms(page);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    await expect(page.getByLabel('Difficulty alma')).toHaveValue('easy');
    await expect(page.getByLabel('Difficulty kenyér')).toHaveValue('hard');

    await page.getByLabel('Audio file of alma').setInputFiles(fixture('notes.txt'));
    await expect(
      page.getByText('Unsupported file format. Please use MP3, WAV, M4A, or AAC.'),
    ).toBeVisible();
    await page.getByLabel('Audio file of alma').setInputFiles({
      name: 'alma.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.alloc(5 * MB + 1, 1),
    });
    await expect(
      page.getByText(
        'File too large. Maximum size: 5MB. Please compress or choose a smaller file.',
      ),
    ).toBeVisible();
    await page.getByLabel('Audio file of alma').setInputFiles(fixture(NFD_KOSZONOM));
    await expect(page.getByText('Audio uploaded successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play alma' })).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download audio of alma' }).click();
    expect((await downloadPromise).suggestedFilename()).toMatch(/-Koszonom\.mp3$/);
    await page.getByRole('button', { name: 'Delete audio of alma' }).click();
    await expect.poll(() => dialogs).toContain('Delete this audio file? This cannot be undone.');
    await expect(page.getByRole('button', { name: 'Upload audio of alma' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Word' }).click();
    const add = page.getByRole('dialog', { name: 'Add Word' });
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByText('Hungarian and English words are required')).toBeVisible();
    await add.getByLabel('Hungarian *').fill('körte');
    await add.getByLabel('English *').fill('pear');
    await add.getByLabel('Difficulty').selectOption('medium');
    await add.getByLabel('Audio (optional)').setInputFiles(fixture('szia.mp3'));
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Word added successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play körte' })).toBeVisible();

    await page.getByLabel('Difficulty kenyér').selectOption('easy');
    await page.getByRole('button', { name: 'Delete Word alma' }).click();
    await expect
      .poll(() => dialogs)
      .toContain('Delete this vocabulary word? This will also delete its audio file.');
    await expect(page.getByText('Word deleted successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Lesson saved as draft')).toBeVisible();
    const { data } = await db
      .from('lesson_vocabulary')
      .select('word_hu, difficulty, audio_file_path')
      .eq('lesson_id', lesson.id)
      .order('word_hu');
    expect(data?.map((w) => [w.word_hu, w.difficulty, Boolean(w.audio_file_path)])).toEqual([
      ['kenyér', 'beginner', false],
      ['körte', 'intermediate', true],
    ]);
  });

  test('audio uploads and removals and Add Word keep their controls disabled until they finish', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    acceptConfirms(page);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    // A draft's audio goes to the private lesson-drafts bucket (DESIGN.md §13).
    const storage = '/storage/v1/object/lesson-drafts';
    const stored = async (folder: string) => {
      const { data, error } = await db.storage.from('lesson-drafts').list(`lesson-audio/${folder}`);
      if (error) throw error;
      return data.filter((o) => o.id !== null).map((o) => o.name);
    };

    // A word's audio upload: its row's audio controls wait; the other word's do not.
    const wordActions = page.getByRole('row').filter({ has: page.getByLabel('Hungarian alma') });
    let hold = await holdNext(page, 'POST', storage);
    await page.getByLabel('Audio file of alma').setInputFiles(fixture(NFD_KOSZONOM));
    await hold.arrived;
    await expect(page.getByRole('button', { name: 'Upload audio of alma' })).toBeDisabled();
    await expect(page.getByLabel('Audio file of alma')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete Word alma' })).toBeDisabled();
    await expect(wordActions.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Upload audio of kenyér' })).toBeEnabled();
    hold.release();
    await expect(page.getByRole('button', { name: 'Replace audio of alma' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Delete audio of alma' })).toBeEnabled();
    await expect(page.getByLabel('Audio file of alma')).toBeEnabled();
    await expect(wordActions.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await stored(`${lesson.id}/words`)).toHaveLength(1);

    // Its removal.
    hold = await holdNext(page, 'DELETE', storage);
    await page.getByRole('button', { name: 'Delete audio of alma' }).click();
    await hold.arrived;
    await expect(page.getByRole('button', { name: 'Replace audio of alma' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete audio of alma' })).toBeDisabled();
    await expect(page.getByLabel('Audio file of alma')).toBeDisabled();
    hold.release();
    await expect(page.getByRole('button', { name: 'Upload audio of alma' })).toBeEnabled();
    expect(await stored(`${lesson.id}/words`)).toEqual([]);

    // The lesson's audio upload.
    const audio = page.getByRole('region', { name: '2. Lesson Audio' });
    hold = await holdNext(page, 'POST', storage);
    await page.getByLabel('Upload audio file').setInputFiles(fixture('lesson.wav'));
    await hold.arrived;
    await expect(audio.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await expect(page.getByLabel('Upload audio file')).toBeDisabled();
    await expect(audio.locator('[aria-busy="true"]')).toHaveCount(1);
    hold.release();
    await expect(audio.getByRole('button', { name: 'Replace' })).toBeEnabled();
    await expect(audio.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await expect(page.getByLabel('Replace audio file')).toBeEnabled();
    await expect(audio.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await stored(lesson.id)).toHaveLength(1);

    // Its removal.
    hold = await holdNext(page, 'DELETE', storage);
    await audio.getByRole('button', { name: 'Delete' }).click();
    await hold.arrived;
    await expect(audio.getByRole('button', { name: 'Replace' })).toBeDisabled();
    await expect(audio.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(page.getByLabel('Replace audio file')).toBeDisabled();
    hold.release();
    await expect(audio.getByRole('button', { name: 'Upload' })).toBeEnabled();
    await expect(page.getByLabel('Upload audio file')).toBeEnabled();
    expect(await stored(lesson.id)).toEqual([]);

    // Add Word: the dialog's submit waits for the insert.
    hold = await holdNext(page, 'POST', '/rest/v1/lesson_vocabulary');
    await page.getByRole('button', { name: 'Add Word' }).click();
    const add = page.getByRole('dialog', { name: 'Add Word' });
    await add.getByLabel('Hungarian *').fill('körte');
    await add.getByLabel('English *').fill('pear');
    await add.getByRole('button', { name: 'Add' }).click();
    await hold.arrived;
    await expect(add.getByRole('button', { name: 'Add' })).toBeDisabled();
    await expect(add.locator('form')).toHaveAttribute('aria-busy', 'true');
    await add.getByLabel('English *').press('Enter');
    hold.release();
    await expect(page.getByText('Word added successfully')).toBeVisible();
    await expect(add).toHaveCount(0);
    const words = await vocabularyRows(db, lesson.id);
    expect(words.map((w) => w.word_hu)).toEqual(['alma', 'kenyér', 'körte']);
  });

  test('vocabulary keeps its order after a word is edited and the page reloaded', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const order = () =>
      page
        .getByLabel(/^Difficulty /)
        .evaluateAll((selects) => selects.map((s) => s.getAttribute('aria-label')));
    await expect.poll(order).toEqual(['Difficulty alma', 'Difficulty kenyér']);
    // alma is renamed: a change to an indexed column stores the row again, after kenyér's.
    const update = await db
      .from('lesson_vocabulary')
      .update({ word_hu: 'almák', word_en: 'apples' })
      .eq('lesson_id', lesson.id)
      .eq('word_hu', 'alma');
    expect(update.error).toBeNull();
    await page.reload();
    await expect(page.getByLabel('English almák')).toHaveValue('apples');
    expect(await order()).toEqual(['Difficulty almák', 'Difficulty kenyér']);
  });

  test('empty transcript and vocabulary states', async ({ page, request }) => {
    const db = await adminClient(request);
    const { data } = await db
      .from('lessons')
      .insert({ title: uniqueTitle('Empty'), lesson_number: uniqueNumber(), level: 'beginner' })
      .select('id')
      .single();
    await signInAdmin(page);
    await page.goto(`/admin/review/${data?.id}`);
    await expect(page.getByText('No transcript available in database')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload CSV File' })).toBeVisible();
    await expect(
      page.getByText('No vocabulary words yet. Click "Add Word" to get started.'),
    ).toBeVisible();
  });

  test('publish writes a QA review only with notes and returns to the QA tab after 1.5 s', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const withNotes = await makeLesson(db);
    const withoutNotes = await makeLesson(db);
    await signInAdmin(page);

    // These lessons have no German or Spanish: Publish asks first, and the test accepts.
    const dialogs = acceptConfirms(page);
    await page.goto(`/admin/review/${withoutNotes.id}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Lesson published successfully!')).toBeVisible();
    expect(dialogs[0]).toMatch(/^Translations are missing in English, German, Spanish\./);
    await expect(page).toHaveURL(/\/admin\?tab=qa$/);

    await page.goto(`/admin/review/${withNotes.id}`);
    await page.getByLabel('QA notes', { exact: true }).fill('Checked audio timing and accents.');
    const started = Date.now();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Lesson published successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\?tab=qa$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await expect(page.getByRole('tab', { name: 'QA' })).toHaveAttribute('aria-selected', 'true');

    const { data: reviews } = await db
      .from('lesson_qa_reviews')
      .select('lesson_id, qa_notes, status')
      .in('lesson_id', [withNotes.id, withoutNotes.id]);
    expect(reviews).toEqual([
      {
        lesson_id: withNotes.id,
        qa_notes: 'Checked audio timing and accents.',
        status: 'approved',
      },
    ]);
    const { data: lessons } = await db
      .from('lessons')
      .select('is_published')
      .in('id', [withNotes.id, withoutNotes.id]);
    expect(lessons?.map((l) => l.is_published)).toEqual([true, true]);
  });
});
