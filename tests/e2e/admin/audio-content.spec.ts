import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support.ts';
import { adminClient, fixture, makeLesson, signInAdmin, uniqueTitle } from './admin-support.ts';

// Issue 14, point 2: every audio upload is judged by its content (music-metadata in the
// browser), not its name: a renamed HTML page and a zero-filled .mp3 are refused with each
// place's spec message, nothing is stored, and the duration of real audio is read from the file.

/** Real files on disk: an HTML page named .mp3 and 2 MB of zero bytes named .mp3. */
function hostileFiles(): { html: string; zeros: string } {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-audio-'));
  const html = join(dir, 'lecke.mp3');
  writeFileSync(
    html,
    `<!doctype html><html><head><title>Not audio</title></head><body>${'<p>Jó napot!</p>'.repeat(2000)}</body></html>`,
  );
  const zeros = join(dir, 'csend.mp3');
  writeFileSync(zeros, Buffer.alloc(2 * 1024 * 1024));
  return { html, zeros };
}

test.describe('audio uploads are checked by content', () => {
  test('review editor: lesson audio and word audio refuse HTML and zeros; real audio sets the duration', async ({
    page,
    request,
  }) => {
    const { html, zeros } = hostileFiles();
    const db = await adminClient(request);
    const lesson = await makeLesson(db);
    await db.from('lessons').update({ duration: null }).eq('id', lesson.id);
    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const lessonAudio = page.getByLabel('Upload audio file');
    for (const file of [html, zeros]) {
      await lessonAudio.setInputFiles(file);
      await expect(
        page.getByText('Invalid file type. Please upload MP3, WAV, M4A, or AAC').last(),
      ).toBeVisible();
    }
    await expect(page.getByText('Audio uploaded successfully')).toHaveCount(0);
    const before = await db
      .from('lessons')
      .select('audio_url, duration')
      .eq('id', lesson.id)
      .single();
    expect(before.data).toEqual({ audio_url: null, duration: null });
    const stored = await db.storage.from('lesson-drafts').list(`lesson-audio/${lesson.id}`);
    expect(stored.data ?? []).toEqual([]);

    // A real WAV of 3.67 s: uploaded, and its length read from the file, rounded down as the
    // player's clock shows it (core's storedDuration): the header and the player both say 0:03.
    await lessonAudio.setInputFiles(fixture('lesson.wav'));
    await expect(page.getByText('Audio uploaded successfully')).toBeVisible();
    await expect(page.getByLabel('Duration')).toHaveValue('0:03');
    const after = await db.from('lessons').select('duration').eq('id', lesson.id).single();
    expect(after.data?.duration).toBe(3);

    // Word audio, on the row and in Add Word.
    for (const file of [html, zeros]) {
      await page.getByLabel('Audio file of alma').setInputFiles(file);
      await expect(
        page.getByText('Unsupported file format. Please use MP3, WAV, M4A, or AAC.').last(),
      ).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add Word' }).click();
    const add = page.getByRole('dialog', { name: 'Add Word' });
    await add.getByLabel('Hungarian *').fill('csend');
    await add.getByLabel('English *').fill('silence');
    await add.getByLabel('Audio (optional)').setInputFiles(zeros);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByRole('alert')).toHaveText(
      'Unsupported file format. Please use MP3, WAV, M4A, or AAC.',
    );
    const words = await db
      .from('lesson_vocabulary')
      .select('word_hu, audio_file_path')
      .eq('lesson_id', lesson.id)
      .order('word_hu');
    expect(words.data).toEqual([
      { word_hu: 'alma', audio_file_path: null },
      { word_hu: 'kenyér', audio_file_path: null },
    ]);
  });

  test('create dialog and /upload refuse HTML and zeros named .mp3', async ({ page, request }) => {
    const { html, zeros } = hostileFiles();
    await signInAdmin(page);
    await page.goto('/admin?tab=lessons');
    await page.getByRole('button', { name: 'Create New Lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Lesson' });
    const audio = dialog.getByLabel('Lesson audio (.mp3 or .wav)');
    for (const file of [html, zeros]) {
      await audio.setInputFiles(file);
      await expect(dialog.getByText('Invalid file type. Expected: .mp3, .wav')).toBeVisible();
      await audio.setInputFiles([]);
      await expect(dialog.getByText('Invalid file type. Expected: .mp3, .wav')).toHaveCount(0);
    }
    await audio.setInputFiles(fixture('lesson.mp3'));
    await expect(dialog.getByText('Audio length: 0:03')).toBeVisible();

    // Several word files: the zeros are skipped like a wrongly named file.
    await dialog
      .getByLabel('Vocabulary audio files (.mp3 or .wav, several at once)')
      .setInputFiles([fixture('szia.mp3'), zeros, html]);
    await expect(dialog.getByText('2 files skipped (invalid format)').first()).toBeVisible();

    // /upload: nothing is created for a lesson whose audio is not audio.
    // (Leaving the dirty dialog asks first; the admin agrees.)
    page.removeAllListeners('dialog');
    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/upload');
    const title = uniqueTitle('Hamis hang');
    await page.getByLabel('Title*').fill(title);
    await page.getByLabel('Level*').selectOption('beginner');
    await page.locator('input[type=file]').setInputFiles([fixture('transcript.csv'), html]);
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unsupported file type: lecke.mp3' }),
    ).toBeVisible();
    const db = await adminClient(request);
    const none = await db.from('lessons').select('id').eq('title', title);
    expect(none.data).toEqual([]);

    // Real audio passes, and its length becomes the lesson's duration.
    await page.locator('input[type=file]').setInputFiles([fixture('lesson.mp3')]);
    await page.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(page.getByText('Lesson uploaded successfully!')).toBeVisible({ timeout: 20_000 });
    const made = await db.from('lessons').select('duration').eq('title', title).single();
    expect(made.data?.duration).toBe(3);
  });
});
