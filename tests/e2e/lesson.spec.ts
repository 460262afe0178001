import type { APIRequestContext, Page } from '@playwright/test';
import {
  anonKey,
  answerAllCards,
  createLearner,
  expect,
  signIn,
  test,
  vocabularyMap,
} from './support.ts';
import { clientFor } from './admin/admin-support.ts';

/** m:ss of a time in seconds, as the player shows it. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

type SeedLine = { line_number: number; start_time: number; slow_start_time: number };

/** Lesson 1's line times in the normal and the slow recording, as the seed stored them. */
async function lessonOneTimes(request: APIRequestContext): Promise<SeedLine[]> {
  const headers = { apikey: await anonKey(request) };
  const lessons = (await (
    await request.get('/rest/v1/lessons?select=id&lesson_number=eq.1', { headers })
  ).json()) as { id: string }[];
  const id = lessons[0]?.id ?? '';
  return (await (
    await request.get(
      `/rest/v1/lesson_transcript?select=line_number,start_time,slow_start_time&lesson_id=eq.${id}&order=line_number.asc`,
      { headers },
    )
  ).json()) as SeedLine[];
}

async function openLesson(page: Page, number: number): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: new RegExp(`^${number}\\. `) }).click();
  await expect(page).toHaveURL(/\/lesson\/[0-9a-f-]+$/);
  await expect(page.getByText(`Lesson ${number}`, { exact: true })).toBeVisible();
}

/** Seeks to 99 % of the audio, which counts as listened. */
async function finishAudio(page: Page): Promise<void> {
  const seek = page.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  const max = Number(await seek.getAttribute('max'));
  expect(max).toBeGreaterThan(0);
  await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
}

test.describe('lesson viewer', () => {
  test('lesson 1 → audio completion → passing flashcards unlocks lesson 2', async ({
    page,
    request,
  }) => {
    // The whole of lesson 1: the audio, then every card of its session (46 s on a busy machine).
    test.slow();
    const answers = await vocabularyMap(request);
    const email = await createLearner(request);
    await signIn(page, email);

    const lessonTwo = page.getByRole('listitem').filter({ hasText: /(^|\D)2\. / });
    await expect(lessonTwo).toContainText('Locked');
    await expect(lessonTwo.getByRole('link')).toHaveCount(0);

    await openLesson(page, 1);
    await expect(page.getByText('Audio: Not complete')).toBeVisible();
    await expect(page.getByText('Flashcards: Locked')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Flashcards' })).toBeDisabled();

    await finishAudio(page);
    await expect(page.getByText('Audio lesson completed! Flashcards unlocked.')).toBeVisible();
    await expect(page.getByText('Flashcards: Ready')).toBeVisible();
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    const cards = await answerAllCards(page, answers, () => true);

    const results = page.getByRole('dialog');
    await expect(results.getByRole('heading', { name: 'Lesson passed!' })).toBeVisible();
    await expect(results).toContainText('(100%)');
    // Every answer went through record-word-result under the id the session was saved with.
    const db = await clientFor(request, email);
    await expect
      .poll(async () => (await db.from('flashcard_sessions').select('id')).data?.length)
      .toBe(1);
    const session = await db.from('flashcard_sessions').select('id, total_cards, correct_answers');
    expect(session.data).toEqual([
      expect.objectContaining({ total_cards: cards, correct_answers: cards }),
    ]);
    await expect
      .poll(async () => {
        const log = await db.from('review_log').select('session_id, was_correct');
        return (log.data ?? []).filter(
          (r) => r.session_id === session.data?.[0]?.id && r.was_correct,
        ).length;
      })
      .toBe(cards);
    // Continue, unless the pass (nothing missed) has already continued by itself after 3 s.
    const next = results.getByRole('button', { name: 'Continue to Lesson 2' });
    if (await next.isVisible()) await next.click();
    await expect(page.getByText('Lesson 2', { exact: true })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: /^1\. / })).toContainText('Completed');
    await expect(page.getByRole('link', { name: /^2\. / })).toContainText('Open');
  });

  test('a failed session shows Almost There and Try Again starts over', async ({
    page,
    request,
  }) => {
    const answers = await vocabularyMap(request);
    await signIn(page, await createLearner(request));
    await openLesson(page, 1);
    await finishAudio(page);
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await answerAllCards(page, answers, (i) => i === 0);
    const results = page.getByRole('dialog');
    await expect(results.getByRole('heading', { name: 'Almost There' })).toBeVisible();
    // A native modal <dialog> (focus trapped, the page behind inert) with its button focused;
    // Escape does not dismiss the result.
    expect(await results.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(
      true,
    );
    // The missed words lead (issue 29): Practise these now has the focus, Try Again follows.
    await expect(results.getByRole('button', { name: 'Practise these now' })).toBeFocused();
    await expect(results.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results.getByRole('heading', { name: 'Almost There' })).toBeVisible();
    await results.getByRole('button', { name: 'Try Again' }).click();
    await expect(results).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Card 1 of \d+$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next Card' })).toBeDisabled();
  });

  test('a pass continues by itself after 3 s', async ({ page, request }) => {
    const answers = await vocabularyMap(request);
    await signIn(page, await createLearner(request));
    await openLesson(page, 1);
    await finishAudio(page);
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await answerAllCards(page, answers, () => true);
    await expect(page.getByText(/Continuing in \d s/)).toBeVisible();
    await expect(page.getByText('Lesson 2', { exact: true })).toBeVisible({ timeout: 6_000 });
  });

  test('failed progress and session writes show the spec texts', async ({ page, request }) => {
    const answers = await vocabularyMap(request);
    await signIn(page, await createLearner(request));
    await openLesson(page, 1);
    // Progress is written through the procedures (rpc/complete_lesson_audio,
    // rpc/save_flashcard_session); the learner sees the spec's texts when they fail.
    await page.route('**/rest/v1/rpc/complete_lesson_audio*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await finishAudio(page);
    await expect(page.getByText('Failed to save progress')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Flashcards' })).toBeDisabled();

    await page.unroute('**/rest/v1/rpc/complete_lesson_audio*');
    await page.reload();
    await finishAudio(page);
    await expect(page.getByText('Audio lesson completed! Flashcards unlocked.')).toBeVisible();
    await page.route('**/rest/v1/rpc/save_flashcard_session*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.route('**/functions/v1/get-interleaved-words', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    await expect(page.getByText('Failed to load flashcards')).toBeVisible();
    await answerAllCards(page, answers, () => true);
    await expect(page.getByText('Failed to save session results')).toBeVisible();
    // The pass was not stored either (one call saves both), and the learner is told.
    await expect(page.getByText('Failed to save progress')).toBeVisible();
  });

  test('the player: keyboard, speeds, volume, transcript highlight and click-to-seek', async ({
    page,
    request,
  }) => {
    const times = await lessonOneTimes(request);
    await signIn(page, await createLearner(request));
    await openLesson(page, 1);
    const player = page.getByRole('region', { name: 'Audio player' });
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled();
    await expect(player.getByText(/^0:00 \/ [0-9]:\d\d$/)).toBeVisible();

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await expect(player.getByText(/^0:15 \//)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(player.getByText(/^0:00 \//)).toBeVisible();

    const transcript = player.getByRole('list', { name: 'Transcript' });
    const third = transcript.getByRole('listitem').nth(2);
    await third.locator('button.speaker').click();
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(player.getByText(`${clock(times[2]?.start_time ?? -1)} /`)).toBeVisible();

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press(' ');
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

    const speeds = player.getByRole('group', { name: 'Playback speed' }).getByRole('button');
    await expect(speeds).toHaveText(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '2x']);
    await speeds.nth(5).click();
    await expect(speeds.nth(5)).toHaveAttribute('aria-pressed', 'true');
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);

    const volume = player.getByRole('slider', { name: 'Volume' });
    await expect(volume).toHaveAttribute('step', '0.1');
    await volume.fill('0.3');
    expect(await page.locator('audio').evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(
      0.3,
    );

    await player.getByRole('button', { name: 'Hide Transcript' }).click();
    await expect(transcript).toHaveCount(0);
    await player.getByRole('button', { name: 'Show Transcript' }).click();
    await expect(transcript).toBeVisible();
  });

  test('audio that fails to load shows the error with Retry; a play failure its own text', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request));
    await page.route('**/storage/v1/object/public/lesson-audio/**', (route) => route.abort());
    await openLesson(page, 1);
    const player = page.getByRole('region', { name: 'Audio player' });
    await expect(
      player.getByText(
        'Failed to load audio. Please try again or contact support if the problem persists.',
      ),
    ).toBeVisible();
    await page.unroute('**/storage/v1/object/public/lesson-audio/**');
    await player.getByRole('button', { name: 'Retry' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled();

    await page.evaluate(() => {
      HTMLMediaElement.prototype.play = () =>
        Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(
      player.getByText('Failed to play audio. Please try refreshing the page.'),
    ).toBeVisible();
    await expect(player.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('the original path is tried when the adjusted audio URL fails', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request));
    const audio = await request.get(
      '/storage/v1/object/public/lesson-audio/seed/lessons/lesson-01.mp3',
    );
    const bytes = await audio.body();
    // A stored path in NFD: the adjusted URL is its NFC form, the original keeps the NFD bytes.
    const nfdPath = 'seed/lessons/lesso\u0308n-01.mp3';
    await page.route(/\/rest\/v1\/lessons\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as unknown;
      const patch = (row: Record<string, unknown>) =>
        'audio_url' in row ? { ...row, audio_url: nfdPath } : row;
      const rows = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
      await route.fulfill({ response, json: Array.isArray(body) ? rows.map(patch) : body });
    });
    let adjustedTried = false;
    await page.route('**/lesson-audio/seed/lessons/**', (route) => {
      const url = route.request().url();
      if (url.includes('%C3%B6')) {
        adjustedTried = true;
        return route.fulfill({ status: 404, body: 'missing' });
      }
      return route.fulfill({ status: 200, contentType: 'audio/mpeg', body: bytes });
    });
    await openLesson(page, 1);
    const player = page.getByRole('region', { name: 'Audio player' });
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(adjustedTried).toBe(true);
  });

  test('a missing lesson shows Lesson not found; a failing load says so with Retry and the way back', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request));
    await page.goto('/lesson/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.route(/\/rest\/v1\/lessons\?.*id=eq/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/lesson/00000000-0000-4000-8000-000000000000');
    // Issue 13: the spec's text with a Retry instead of a silent return to the dashboard.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load lesson' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the slow recording for beginners: its own file, the transcript follows its times', async ({
    page,
    request,
  }) => {
    const times = await lessonOneTimes(request);
    const [third, fourth] = [times[2], times[3]];
    if (!third || !fourth) throw new Error('lesson 1 has fewer than four lines');
    expect(third.slow_start_time).toBeGreaterThan(third.start_time + 1);
    await signIn(page, await createLearner(request));
    await openLesson(page, 1);
    const player = page.getByRole('region', { name: 'Audio player' });
    const audio = page.locator('audio');
    const versions = player.getByRole('group', { name: 'Recording' }).getByRole('button');
    // Slow, normal and natural tempo, in that order; normal plays first.
    await expect(versions).toHaveText(['Slow, for beginners', 'Normal speed', 'Natural speed']);
    await expect(versions.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(audio).toHaveAttribute('src', /\/lesson-01\.mp3$/);
    const normalDuration = await audio.evaluate((a: HTMLAudioElement) => a.duration);

    const lines = player.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    await lines.nth(2).locator('button.speaker').click();
    await expect(player.getByText(`${clock(third.start_time)} /`)).toBeVisible();

    // The slow file plays from the same line, at that line's time in the slow recording.
    await versions.first().click();
    await expect(versions.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(audio).toHaveAttribute('src', /\/lesson-01-slow\.mp3$/);
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled();
    await expect(player.getByText(`${clock(third.slow_start_time)} /`)).toBeVisible();
    await expect(lines.nth(2)).toHaveAttribute('aria-current', 'true');
    const slowDuration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
    expect(slowDuration).toBeGreaterThan(normalDuration * 1.3);

    // Clicking a line seeks by the slow times, and the highlight follows them.
    await lines.nth(3).locator('button.speaker').click();
    await expect(lines.nth(3)).toHaveAttribute('aria-current', 'true');
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(
      fourth.slow_start_time,
      1,
    );

    // And back: the normal file, at the fourth line's normal time.
    await versions.nth(1).click();
    await expect(audio).toHaveAttribute('src', /\/lesson-01\.mp3$/);
    await expect(player.getByText(`${clock(fourth.start_time)} /`)).toBeVisible();
    await expect(lines.nth(3)).toHaveAttribute('aria-current', 'true');
  });

  test('the demo lesson: mark complete opens the flashcards after 1.5 s', async ({ page }) => {
    await page.goto('/lesson-demo');
    await expect(page.getByRole('tab', { name: 'Flashcards' })).toBeDisabled();
    await expect(page.getByRole('list', { name: 'Transcript' }).getByRole('listitem')).toHaveCount(
      5,
    );
    await page.getByRole('button', { name: 'Mark as Complete (Demo)' }).click();
    await expect(page.getByRole('tab', { name: 'Flashcards' })).toHaveAttribute(
      'aria-selected',
      'true',
      {
        timeout: 3_000,
      },
    );
    await expect(page.getByRole('region', { name: 'Card 1 of 3' })).toBeVisible();
  });
});
