import type { Page, Request } from '@playwright/test';
import { answerAllCards, expect, signIn, test, vocabularyMap } from '../support.ts';
import {
  adminClient,
  copySeedLesson,
  learnerClient,
  seedLessonId,
  serviceClient,
  signInAdmin,
  type Db,
} from './admin-support.ts';

// Issue 28 point 5: an admin previews any lesson, draft or locked, as a learner sees it, and
// nothing is recorded; a learner cannot use the preview to open a draft or a locked lesson.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** Calls that would record progress, answers or sessions (none may leave a preview). */
const RECORDING = /record-word-result|save_flashcard_session|complete_lesson_audio/;

function recordingRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (RECORDING.test(request.url())) seen.push(request);
  });
  return seen;
}

/** Everything the server keeps of a user's learning: progress, answers, sessions, words. */
async function recordsOf(userId: string) {
  const service = serviceClient();
  const count = async (table: 'user_lesson_progress' | 'review_log' | 'flashcard_sessions') => {
    const { count: n, error } = await service
      .from(table)
      .select('*', { count: 'exact', head: true })
      .eq('user_id', userId);
    if (error) throw error;
    return n ?? 0;
  };
  const words = await service
    .from('user_vocabulary_progress')
    .select('*', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (words.error) throw words.error;
  return {
    progress: await count('user_lesson_progress'),
    answers: await count('review_log'),
    sessions: await count('flashcard_sessions'),
    words: words.count ?? 0,
  };
}

async function adminId(db: Db): Promise<string> {
  const { data } = await db.auth.getUser();
  if (!data.user) throw new Error('no admin');
  return data.user.id;
}

/** Seeks to 99.5 % of the audio, which the learner's page counts as listened. */
async function finishAudio(page: Page): Promise<void> {
  const seek = page.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  const max = Number(await seek.getAttribute('max'));
  expect(max).toBeGreaterThan(0);
  await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
}

/** Plays the dialogue a moment (the clock moves), then to its end; answers every card. */
async function playPreview(page: Page, answers: Map<string, Set<string>>): Promise<number> {
  const banner = page.getByRole('complementary', { name: 'Preview — nothing is saved' });
  await expect(banner).toBeVisible();
  const player = page.getByRole('region', { name: 'Audio player' });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(() => page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(0.3);
  await player.getByRole('button', { name: 'Pause' }).click();
  await finishAudio(page);
  await expect(page.getByText('Flashcards: Ready')).toBeVisible();
  // A learner's page would have said the audio was saved.
  await expect(page.getByText('Audio lesson completed! Flashcards unlocked.')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Flashcards' }).click();
  const total = await answerAllCards(page, answers, (i) => i !== 0);
  await expect(page.getByRole('dialog')).toBeVisible();
  return total;
}

test.describe('preview as learner', () => {
  for (const size of SIZES) {
    test(`an admin previews a draft from the admin list at ${size.width}×${size.height}, nothing recorded`, async ({
      page,
      request,
    }) => {
      test.slow();
      await page.setViewportSize(size);
      const db = await adminClient(request);
      const admin = await adminId(db);
      const draft = await copySeedLesson(db, 2);
      const answers = await vocabularyMap(request);
      const before = await recordsOf(admin);
      const sent = recordingRequests(page);

      await signInAdmin(page);
      await page.goto('/admin?tab=lessons');
      const preview = page.getByRole('link', { name: `Preview as learner: ${draft.title}` });
      await expect(preview).toBeVisible();
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`admin-list-preview-${size.width}.png`),
      });
      await preview.click();
      await expect(page).toHaveURL(new RegExp(`/lesson/${draft.id}/preview$`));
      await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
      await expect(page.getByText('Status: Draft.')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`preview-banner-${size.width}.png`) });
      // Fits the phone: nothing wider than the window.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      const cards = await playPreview(page, answers);
      expect(cards).toBeGreaterThan(0);
      await page.screenshot({ path: test.info().outputPath(`preview-results-${size.width}.png`) });
      expect(sent.map((r) => r.url())).toEqual([]);
      expect(await recordsOf(admin)).toEqual(before);
    });
  }

  test('an admin previews a lesson locked for them from the review editor, nothing recorded', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const db = await adminClient(request);
    const admin = await adminId(db);
    // Seed lesson 3 is published and locked for an admin who has not passed lessons 1 and 2.
    const lessonId = await seedLessonId(db, 3);
    const before = await recordsOf(admin);
    const answers = await vocabularyMap(request);
    const sent = recordingRequests(page);

    await signInAdmin(page);
    // The learner's page sends them back to the dashboard: the lesson is locked.
    await page.goto(`/lesson/${lessonId}`);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`/admin/review/${lessonId}`);
    await page.getByRole('link', { name: 'Preview as learner' }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${lessonId}/preview$`));
    await expect(page.getByText('Status: Published.')).toBeVisible();
    await playPreview(page, answers);
    // "Practise these now" (one card was missed) plays and sends nothing either.
    await page.getByRole('button', { name: 'Practise these now' }).click();
    await answerAllCards(page, answers, () => true);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(sent.map((r) => r.url())).toEqual([]);
    expect(await recordsOf(admin)).toEqual(before);
  });

  test('a learner opening the preview of a draft or a locked lesson gets nothing', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const draft = await copySeedLesson(db, 2);
    const locked = await seedLessonId(db, 3);
    const learner = await learnerClient(request);
    const sent = recordingRequests(page);

    await signIn(page, learner.email);
    for (const id of [draft.id, locked]) {
      await page.goto(`/lesson/${id}/preview`);
      await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
      await expect(page.getByText('Only admins can preview lessons.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Audio player' })).toHaveCount(0);
      await expect(page.getByRole('complementary')).toHaveCount(0);
    }
    // The server: the draft does not exist for the learner, and nothing of a locked lesson can
    // be recorded.
    const row = await learner.db.from('lessons').select('id').eq('id', draft.id);
    expect(row.data).toEqual([]);
    const lines = await learner.db.from('lesson_transcript').select('id').eq('lesson_id', draft.id);
    expect(lines.data).toEqual([]);
    const words = await learner.db.from('lesson_vocabulary').select('id').eq('lesson_id', draft.id);
    expect(words.data).toEqual([]);
    const audio = await learner.db.rpc('complete_lesson_audio', { _lesson_id: locked });
    expect(audio.error).not.toBeNull();
    expect(sent.map((r) => r.url())).toEqual([]);
    expect(await recordsOf(learner.userId)).toEqual({
      progress: 0,
      answers: 0,
      sessions: 0,
      words: 0,
    });
  });
});
