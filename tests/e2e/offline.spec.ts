import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
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
import { controlledByWorker, readQueue, type QueuedStep } from './offline-support.ts';

// Issue 13 point 5: the app as an installable PWA with lessons downloaded for offline use.
// Playwright's offline mode (context.setOffline) cuts the page and its service worker off; the
// test's own API client (request) stays online to look at the database.

async function lessonId(request: APIRequestContext, number: number): Promise<string> {
  const headers = { apikey: await anonKey(request) };
  const rows = (await (
    await request.get(`/rest/v1/lessons?select=id&lesson_number=eq.${number}`, { headers })
  ).json()) as { id: string }[];
  const id = rows[0]?.id;
  if (!id) throw new Error(`no lesson ${number}`);
  return id;
}

/** Puts steps back into the queue, as a tab would that sent them but never heard back. */
function requeue(page: Page, steps: QueuedStep[]): Promise<void> {
  return page.evaluate(
    (copies) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('magyarul-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('queue', 'readwrite');
          for (const step of copies) {
            const { seq: _seq, ...rest } = step;
            tx.objectStore('queue').add(rest);
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    steps,
  );
}

function audioCacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('magyarul-audio-v1');
    return (await cache.keys()).map((r) => r.url);
  });
}

/** What the service worker gets when it asks the server for something. */
async function workerReach(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(() =>
    fetch('/_dev/info', { cache: 'no-store' }).then(
      () => 'online',
      () => 'offline',
    ),
  );
}

async function finishAudio(page: Page): Promise<void> {
  const seek = page.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  const max = Number(await seek.getAttribute('max'));
  expect(max).toBeGreaterThan(0);
  await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
}

test.describe('offline lessons', () => {
  test('installable: the manifest, its icons and the service worker', async ({ page, request }) => {
    await page.goto('/preview');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href ?? '')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Magyarul',
      start_url: '/dashboard',
      display: 'standalone',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await controlledByWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );
  });

  test('download, play and answer offline, close the tab, reconnect: every answer stored once, in order', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const answers = await vocabularyMap(request);
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    const lessonOne = await lessonId(request, 1);
    await signIn(page, email);
    await controlledByWorker(page);

    // Download lesson 1 from the dashboard.
    const card = page.getByRole('region', { name: 'Offline lessons' });
    await expect(card.getByText('No lessons downloaded yet.')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Download 2\. / })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('offline-card-before-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await card.getByRole('button', { name: /^Download 1\. .* for offline use$/ }).click();
    await expect(page.getByText(/^1\. .* is ready to use offline\.$/)).toBeVisible();
    const row = card.getByRole('listitem').filter({ hasText: /^1\. / });
    await expect(row).toContainText(/Downloaded · \d+(\.\d)? (kB|MB)/);
    await expect(card.getByText(/^Space used on this device: \d+(\.\d)? (kB|MB)$/)).toBeVisible();
    const stored = await audioCacheKeys(page);
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.every((url) => url.includes('magyarul-offline=1'))).toBe(true);
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`offline-card-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // Offline: the page and the worker are cut off.
    await context.setOffline(true);
    expect(await workerReach(context)).toBe('offline');
    await expect(card.getByText(/^You are offline\./)).toBeVisible();

    // The downloaded lesson opens and plays from the device.
    await page.getByRole('link', { name: /^1\. / }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${lessonOne}$`));
    await expect(page.getByText('Lesson 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Audio: Not complete')).toBeVisible();
    const playable = await page.evaluate(async () => {
      const audio = document.querySelector('audio');
      if (!audio) return 'no audio element';
      if (audio.readyState < 1) {
        await new Promise((resolve) =>
          audio.addEventListener('loadedmetadata', resolve, { once: true }),
        );
      }
      return `${audio.currentSrc.includes('magyarul-offline=1')}:${audio.duration > 0}`;
    });
    expect(playable).toBe('true:true');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
    await finishAudio(page);
    await expect(page.getByText('Audio lesson completed! Flashcards unlocked.')).toBeVisible();
    await expect(page.getByText('Flashcards: Ready')).toBeVisible();

    // Its flashcards, answered offline, pass the lesson on this device.
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    const cards = await answerAllCards(page, answers, (i) => i !== 1);
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Lesson passed!' }),
    ).toBeVisible();

    const queued = await readQueue(page);
    expect(queued.map((s) => s.kind)).toEqual([
      'audio',
      ...Array<string>(cards).fill('answer'),
      'session',
    ]);
    const queuedAnswers = queued.filter((s) => s.kind === 'answer');
    expect(new Set(queuedAnswers.map((s) => s.clientAnswerId)).size).toBe(cards);
    // Nothing reached the server.
    expect((await db.from('review_log').select('id')).data).toEqual([]);
    expect((await db.from('flashcard_sessions').select('id')).data).toEqual([]);
    expect((await db.from('user_lesson_progress').select('id')).data).toEqual([]);

    // The tab is closed while offline; a new one opens the app from the device.
    await page.close();
    const again = await context.newPage();
    await again.goto('/dashboard');
    const cardAgain = again.getByRole('region', { name: 'Offline lessons' });
    // (The app starts from the worker's copies: slow on a loaded machine, hence the wait.)
    await expect(
      cardAgain.getByText(`Saved on this device, not sent yet: ${cards + 2}`),
    ).toBeVisible({ timeout: 30_000 });
    await expect(again.getByRole('link', { name: /^1\. / })).toContainText('Completed');
    expect(await readQueue(again)).toHaveLength(cards + 2);
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await again.setViewportSize({ width, height });
      await cardAgain.scrollIntoViewIfNeeded();
      await again.screenshot({
        path: testInfo.outputPath(`offline-pending-${width}x${height}.png`),
      });
    }

    // Back online: the queue is sent by itself, in order, and empties.
    await context.setOffline(false);
    await expect(cardAgain.getByText(/not sent yet/)).toHaveCount(0, { timeout: 30_000 });
    expect(await readQueue(again)).toEqual([]);

    const log = await db
      .from('review_log')
      .select('client_answer_id, vocabulary_id, reviewed_at, was_correct, session_id')
      .order('reviewed_at', { ascending: true });
    expect(log.data).toHaveLength(cards);
    // In answer order, each at the time it was given (FSRS applied at that time).
    expect(log.data?.map((r) => r.client_answer_id)).toEqual(
      queuedAnswers.map((s) => s.clientAnswerId),
    );
    expect(log.data?.map((r) => new Date(r.reviewed_at).getTime())).toEqual(
      queuedAnswers.map((s) => new Date(s.at).getTime()),
    );
    const session = await db.from('flashcard_sessions').select('id, total_cards, correct_answers');
    expect(session.data).toEqual([
      expect.objectContaining({ total_cards: cards, correct_answers: cards - 1 }),
    ]);
    expect(new Set(log.data?.map((r) => r.session_id))).toEqual(new Set([session.data?.[0]?.id]));
    const progress = await db
      .from('user_lesson_progress')
      .select('lesson_id, audio_completed, flashcard_passed, is_completed');
    expect(progress.data).toEqual([
      { lesson_id: lessonOne, audio_completed: true, flashcard_passed: true, is_completed: true },
    ]);
    // Every word's FSRS state took each of its answers once, the last at its last answer.
    const words = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, reps, times_seen, last_review')
      .eq('skill', 'recognition');
    const perWord = new Map<string, QueuedStep[]>();
    for (const step of queuedAnswers) {
      perWord.set(step.vocabularyId ?? '', [...(perWord.get(step.vocabularyId ?? '') ?? []), step]);
    }
    // (Completing the lesson also queues its other words for review, unseen: times_seen 0.)
    const seen = (words.data ?? []).filter((w) => w.times_seen > 0);
    expect(seen).toHaveLength(perWord.size);
    for (const word of seen) {
      const given = perWord.get(word.vocabulary_id ?? '') ?? [];
      expect(word.times_seen).toBe(given.length);
      expect(word.reps).toBe(given.length);
      expect(new Date(word.last_review ?? 0).getTime()).toBe(
        new Date(given.at(-1)?.at ?? 0).getTime(),
      );
    }

    // Exactly once: the same steps sent again (a tab that never heard the answers) change nothing.
    await requeue(again, queued);
    expect(await readQueue(again)).toHaveLength(cards + 2);
    await again.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await readQueue(again)).length, { timeout: 30_000 }).toBe(0);
    expect((await db.from('review_log').select('id')).data).toHaveLength(cards);
    expect((await db.from('flashcard_sessions').select('id')).data).toHaveLength(1);
    const wordsAfter = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, reps, times_seen, last_review')
      .eq('skill', 'recognition');
    expect(wordsAfter.data).toEqual(expect.arrayContaining(words.data ?? []));
    expect(wordsAfter.data).toHaveLength(words.data?.length ?? 0);

    // Remove the download: its files leave the device.
    const rowAgain = cardAgain.getByRole('listitem').filter({ hasText: /^1\. / });
    await rowAgain.getByRole('button', { name: /^Remove the download of 1\. / }).click();
    await expect(again.getByText(/^1\. .* was removed from this device\.$/)).toBeVisible();
    await expect(cardAgain.getByText('No lessons downloaded yet.')).toBeVisible();
    expect(await audioCacheKeys(again)).toEqual([]);
  });

  test('a lesson that is not downloaded does not open offline; online answers still go through the queue once', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const answers = await vocabularyMap(request);
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    await signIn(page, email);
    await controlledByWorker(page);
    const lessonOne = await lessonId(request, 1);

    // The dashboard has been read (and kept on the device) before the connection goes.
    await expect(page.getByRole('link', { name: /^1\. / })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: /^1\. / }).click();
    await expect(page.getByText('Failed to load lesson')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.setOffline(false);

    await page.goto(`/lesson/${lessonOne}`);
    await finishAudio(page);
    await expect(page.getByText('Audio lesson completed! Flashcards unlocked.')).toBeVisible();
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    const cards = await answerAllCards(page, answers, () => true);
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Lesson passed!' }),
    ).toBeVisible();
    await expect
      .poll(async () => (await db.from('review_log').select('id')).data?.length)
      .toBe(cards);
    await expect.poll(async () => (await readQueue(page)).length).toBe(0);
    expect((await db.from('flashcard_sessions').select('id')).data).toHaveLength(1);
  });
});
