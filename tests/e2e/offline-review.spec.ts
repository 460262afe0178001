import type { Page, Response } from '@playwright/test';
import { answerCard, createLearner, expect, signIn, test, vocabularyMap } from './support.ts';
import { clientFor, passLesson, seedLessonId, type Db } from './admin/admin-support.ts';
import { controlledByWorker, readQueue } from './offline-support.ts';

// The flashcard review of due words without a connection (issue 13): /review-flashcards keeps the
// last due list it fetched on the device (fetchDueWords); offline it shows that list minus the
// words answered since (the answers waiting in the progress queue), and the queue sends those
// answers once, in order, when the connection is back. Playwright's offline mode
// (context.setOffline) cuts the page and its service worker off; the test's own API clients stay
// online to arrange and check the database.

type DueWord = { vocabulary_id: string; word_hu: string; word_en: string };
const isDueWords = (response: Response): boolean =>
  response.url().includes('/functions/v1/get-due-words') && response.request().method() === 'POST';

/**
 * The learner's due list as the server gives it. Also warms the local edge function: its first
 * call on a loaded machine can take longer than the app waits for a read (READ_TIMEOUT_MS).
 */
async function serverDueWords(db: Db): Promise<DueWord[]> {
  const { data, error } = await db.functions.invoke('get-due-words', {
    body: { limit: 20, include_overdue: true },
  });
  if (error) throw error;
  return (data as { words: DueWord[] }).words;
}

async function dueWordsOf(response: Response): Promise<DueWord[]> {
  expect(response.status()).toBe(200);
  return ((await response.json()) as { words: DueWord[] }).words;
}

/**
 * Answers the card on screen correctly and returns its word's id: the question is the word's
 * Hungarian or its English meaning, looked up in `words`.
 */
async function answerDueCard(
  page: Page,
  answers: Map<string, Set<string>>,
  words: readonly DueWord[],
  label: string,
): Promise<string> {
  const question = await answerCard(page, answers, label);
  const word = words.find(
    (w) => w.word_hu.normalize('NFC') === question || w.word_en.normalize('NFC') === question,
  );
  expect(word, `a due word asked as "${question}"`).toBeDefined();
  return word?.vocabulary_id ?? '';
}

test.describe('offline review of due words', () => {
  test('the due list kept on the device: offered offline without the words answered since; the answers reach the server once, in order', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const answers = await vocabularyMap(request);
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    // Lesson 1 passed through the learner's own API session an hour ago: its words, answered
    // then, come due.
    await passLesson(db, await seedLessonId(db, 1), 20, 20);
    /** The review's answers: those sent by the app's queue (with a client answer id). */
    const reviewLog = () =>
      db.from('review_log').select('vocabulary_id').not('client_answer_id', 'is', null);
    const lessonTwo = await seedLessonId(db, 2);
    await signIn(page, email);
    await controlledByWorker(page);

    // 1. Online: the review reads the server's due list, and the device keeps it. The first card
    //    is answered online and reaches the server (it leaves the queue).
    const expected = await serverDueWords(db);
    const fetched = page.waitForResponse(isDueWords);
    await page.goto('/review-flashcards');
    const due = await dueWordsOf(await fetched);
    expect(due.map((w) => w.vocabulary_id)).toEqual(expected.map((w) => w.vocabulary_id));
    expect(due.length).toBeGreaterThanOrEqual(5);
    const before = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, times_seen, reps')
      .in(
        'vocabulary_id',
        due.map((w) => w.vocabulary_id),
      );
    const seenBefore = new Map(before.data?.map((w) => [w.vocabulary_id, w]));
    const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
    await expect(card).toHaveAttribute('aria-label', `Card 1 of ${due.length}`);
    // Cards come in due order.
    const online = await answerDueCard(page, answers, due, `Card 1 of ${due.length}`);
    expect(online).toBe(due[0]?.vocabulary_id);
    await expect.poll(async () => (await reviewLog()).data).toEqual([{ vocabulary_id: online }]);
    await expect.poll(async () => (await readQueue(page)).length).toBe(0);

    // 2. Offline, reloaded: the kept cards, from the device, without the one answered online
    //    (no longer in the queue); two of them answered.
    await context.setOffline(true);
    let network = 0;
    const countDueReads = (response: Response) => {
      if (isDueWords(response)) network += 1;
    };
    page.on('response', countDueReads);
    await page.reload();
    const kept = due.slice(1);
    const first = [
      await answerDueCard(page, answers, due, `Card 1 of ${kept.length}`),
      await answerDueCard(page, answers, due, `Card 2 of ${kept.length}`),
    ];
    expect(first).toEqual(kept.slice(0, 2).map((w) => w.vocabulary_id));
    await expect
      .poll(async () => (await readQueue(page)).map((s) => s.vocabularyId))
      .toEqual(first);

    // 3. Still offline, reloaded again: the answered words are not offered; every other one is.
    await page.reload();
    const rest = kept.filter((w) => !first.includes(w.vocabulary_id));
    await expect(card).toHaveAttribute('aria-label', `Card 1 of ${rest.length}`);
    const later: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      later.push(await answerDueCard(page, answers, due, `Card ${i + 1} of ${rest.length}`));
    }
    expect(later).toEqual(rest.map((w) => w.vocabulary_id));
    // The finished session is saved on the device too; the app goes back to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    const queued = await readQueue(page);
    expect(queued.map((s) => s.kind)).toEqual([
      ...Array<string>(kept.length).fill('answer'),
      'session',
    ]);
    const queuedAnswers = queued.filter((s) => s.kind === 'answer');
    expect(queuedAnswers.map((s) => s.vocabularyId)).toEqual([...first, ...later]);
    expect(network).toBe(0);
    page.off('response', countDueReads);
    // Nothing more reached the server.
    expect((await reviewLog()).data).toEqual([{ vocabulary_id: online }]);

    // Meanwhile the server's list changes: lesson 2 is passed elsewhere (another device).
    await passLesson(db, lessonTwo, 20, 20);

    // 4. Reconnected: the queue sends itself, in order, and empties.
    await context.setOffline(false);
    await expect.poll(async () => (await readQueue(page)).length, { timeout: 30_000 }).toBe(0);
    const log = await db
      .from('review_log')
      .select('client_answer_id, vocabulary_id, reviewed_at, was_correct')
      .not('client_answer_id', 'is', null)
      .order('reviewed_at', { ascending: true });
    expect(log.error).toBeNull();
    // Each answer exactly once, in the order given, at the time given.
    expect(log.data?.map((r) => r.vocabulary_id)).toEqual([online, ...first, ...later]);
    const offline = log.data?.slice(1) ?? [];
    expect(offline.map((r) => r.client_answer_id)).toEqual(
      queuedAnswers.map((s) => s.clientAnswerId),
    );
    expect(offline.map((r) => new Date(r.reviewed_at).getTime())).toEqual(
      queuedAnswers.map((s) => new Date(s.at).getTime()),
    );
    expect(log.data?.every((r) => r.was_correct)).toBe(true);
    // (passLesson saved one session per lesson; the review's has no lesson.)
    const sessions = await db
      .from('flashcard_sessions')
      .select('total_cards, correct_answers')
      .is('lesson_id', null);
    expect(sessions.data).toEqual([{ total_cards: rest.length, correct_answers: rest.length }]);
    const progress = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, times_seen, reps')
      .in(
        'vocabulary_id',
        due.map((w) => w.vocabulary_id),
      );
    expect(progress.data).toHaveLength(due.length);
    // Each reviewed word counted one answer more than before the review.
    for (const word of progress.data ?? []) {
      const earlier = seenBefore.get(word.vocabulary_id);
      expect(word.times_seen).toBe((earlier?.times_seen ?? 0) + 1);
      expect(word.reps).toBe((earlier?.reps ?? 0) + 1);
    }

    // Online, the review shows the server's list: lesson 2's words, none of those answered.
    expect((await serverDueWords(db)).length).toBeGreaterThan(0);
    const refetched = page.waitForResponse(isDueWords);
    await page.goto('/review-flashcards');
    const server = await dueWordsOf(await refetched);
    expect(server.length).toBeGreaterThan(0);
    expect(server.some((w) => due.some((d) => d.vocabulary_id === w.vocabulary_id))).toBe(false);
    await expect(card).toHaveAttribute('aria-label', `Card 1 of ${server.length}`);
    expect(await answerDueCard(page, answers, server, `Card 1 of ${server.length}`)).toBe(
      server[0]?.vocabulary_id,
    );
  });

  test('offline with no due list on the device: the page says so and offers to try again', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    await passLesson(db, await seedLessonId(db, 1), 20, 20);
    const expected = await serverDueWords(db);
    await signIn(page, email);
    await controlledByWorker(page);
    // Never on the review page online; offline now.
    await context.setOffline(true);
    await page.goto('/review-flashcards');
    await expect(page.getByRole('heading', { name: 'You Are Offline' })).toBeVisible();
    await expect(
      page.getByText(
        'Your flashcards are not saved on this device yet. Connect to the internet once to load them; after that you can review offline too.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Preparing your flashcards...')).toHaveCount(0);
    await expect(page.getByText('Failed to load flashcards')).toHaveCount(0);
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: testInfo.outputPath(`review-offline-${width}x${height}.png`) });
    }

    // Back online, Try Again loads the server's due list.
    await context.setOffline(false);
    const fetched = page.waitForResponse(isDueWords);
    await page.getByRole('button', { name: 'Try Again' }).click();
    const due = await dueWordsOf(await fetched);
    expect(due).toEqual(expected);
    await expect(page.getByRole('region', { name: /^Card \d+ of \d+$/ })).toHaveAttribute(
      'aria-label',
      `Card 1 of ${due.length}`,
    );
  });
});
