import type { Page, Response } from '@playwright/test';
import { answerCard, createLearner, expect, signIn, test, vocabularyMap } from './support.ts';
import { clientFor, passLesson, seedLessonId, type Db } from './admin/admin-support.ts';
import { controlledByWorker, readQueue } from './offline-support.ts';

// The review without a connection (issues 13 and 30): /review-flashcards keeps the last list of
// items it fetched (get_due_items: due items of every skill, then today's new ones) on the
// device; offline it shows that list minus the items answered since (the answers waiting in the
// progress queue, and those the server already has), and the queue sends those answers once, in
// order, when the connection is back. Playwright's offline mode (context.setOffline) cuts the
// page and its service worker off; the test's own API clients stay online to arrange and check.

type Item = {
  item_id: string;
  skill: string;
  kind: string;
  word_hu: string | null;
  word_en: string | null;
};
const isDueItems = (response: Response): boolean =>
  response.url().includes('/rest/v1/rpc/get_due_items');

/** The learner's review items as the server gives them (the app asks for 50 due). */
async function serverItems(db: Db): Promise<Item[]> {
  const { data, error } = await db.rpc('get_due_items', { _limit: 50 });
  if (error) throw error;
  return data as Item[];
}

async function itemsOf(response: Response): Promise<Item[]> {
  expect(response.status()).toBe(200);
  return (await response.json()) as Item[];
}

/**
 * Answers the recognition card on screen correctly and returns its word's id: the question is
 * the word's Hungarian or its English meaning, looked up in `items`.
 */
async function answerItemCard(
  page: Page,
  answers: Map<string, Set<string>>,
  items: readonly Item[],
  label: string,
): Promise<string> {
  const question = await answerCard(page, answers, label);
  const item = items.find(
    (w) => w.word_hu?.normalize('NFC') === question || w.word_en?.normalize('NFC') === question,
  );
  expect(item, `a review item asked as "${question}"`).toBeDefined();
  return item?.item_id ?? '';
}

test.describe('offline review', () => {
  test('the list kept on the device: offered offline without the items answered since; the answers reach the server once, in order', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const answers = await vocabularyMap(request);
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    // Lesson 1 passed through the learner's own API session an hour ago: its words, answered
    // then, come due. No new items today yet (the recall and listening those right answers
    // opened wait), so the list is the due recognition cards.
    await passLesson(db, await seedLessonId(db, 1), 20, 20);
    const { data: me } = await db.auth.getUser();
    const setNewItems = async (n: number) => {
      const { error } = await db
        .from('profiles')
        .update({ new_items_per_day: n })
        .eq('user_id', me.user?.id ?? '');
      expect(error).toBeNull();
    };
    await setNewItems(0);
    /** The review's answers: those sent by the app's queue (with a client answer id). */
    const reviewLog = () =>
      db.from('review_log').select('vocabulary_id').not('client_answer_id', 'is', null);
    const lessonTwo = await seedLessonId(db, 2);
    await signIn(page, email);
    await controlledByWorker(page);

    // 1. Online: the review reads the server's list, and the device keeps it. The first card is
    //    answered online and reaches the server (it leaves the queue).
    const expected = await serverItems(db);
    const fetched = page.waitForResponse(isDueItems);
    await page.goto('/review-flashcards');
    const items = await itemsOf(await fetched);
    expect(items.map((i) => i.item_id)).toEqual(expected.map((i) => i.item_id));
    expect(items.every((i) => i.skill === 'recognition')).toBe(true);
    expect(items.length).toBeGreaterThanOrEqual(5);
    const due = items.slice(0, 20);
    const before = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, times_seen, reps')
      .eq('skill', 'recognition')
      .in(
        'vocabulary_id',
        due.map((w) => w.item_id),
      );
    const seenBefore = new Map(before.data?.map((w) => [w.vocabulary_id, w]));
    const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
    await expect(card).toHaveAttribute('aria-label', `Card 1 of ${due.length}`);
    // Cards come in the list's order.
    const online = await answerItemCard(page, answers, due, `Card 1 of ${due.length}`);
    expect(online).toBe(due[0]?.item_id);
    await expect.poll(async () => (await reviewLog()).data).toEqual([{ vocabulary_id: online }]);
    await expect.poll(async () => (await readQueue(page)).length).toBe(0);

    // 2. Offline, reloaded: the kept cards, from the device, without the one answered online
    //    (no longer in the queue); two of them answered.
    await context.setOffline(true);
    let network = 0;
    const countReads = (response: Response) => {
      if (isDueItems(response)) network += 1;
    };
    page.on('response', countReads);
    await page.reload();
    const kept = due.slice(1);
    const first = [
      await answerItemCard(page, answers, due, `Card 1 of ${kept.length}`),
      await answerItemCard(page, answers, due, `Card 2 of ${kept.length}`),
    ];
    expect(first).toEqual(kept.slice(0, 2).map((w) => w.item_id));
    await expect.poll(async () => (await readQueue(page)).map((s) => s.item?.id)).toEqual(first);

    // 3. Still offline, reloaded again: the answered items are not offered; every other one is.
    await page.reload();
    const rest = kept.filter((w) => !first.includes(w.item_id));
    await expect(card).toHaveAttribute('aria-label', `Card 1 of ${rest.length}`);
    const later: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      later.push(await answerItemCard(page, answers, due, `Card ${i + 1} of ${rest.length}`));
    }
    expect(later).toEqual(rest.map((w) => w.item_id));
    // The session is over: the app goes back to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    const queued = await readQueue(page);
    expect(queued.map((s) => `${s.kind}:${s.skill}`)).toEqual(
      Array<string>(kept.length).fill('practice:recognition'),
    );
    expect(queued.map((s) => s.item?.id)).toEqual([...first, ...later]);
    expect(network).toBe(0);
    page.off('response', countReads);
    // Nothing more reached the server.
    expect((await reviewLog()).data).toEqual([{ vocabulary_id: online }]);

    // Meanwhile lesson 2 is passed elsewhere (another device), and the learner allows more new
    // items today: the server's list changes.
    await passLesson(db, lessonTwo, 20, 20);
    await setNewItems(100);

    // 4. Reconnected: the queue sends itself, in order, and empties.
    await context.setOffline(false);
    await expect.poll(async () => (await readQueue(page)).length, { timeout: 30_000 }).toBe(0);
    const log = await db
      .from('review_log')
      .select('client_answer_id, vocabulary_id, reviewed_at, was_correct, skill')
      .not('client_answer_id', 'is', null)
      .order('reviewed_at', { ascending: true });
    expect(log.error).toBeNull();
    // Each answer exactly once, in the order given, at the time given.
    expect(log.data?.map((r) => r.vocabulary_id)).toEqual([online, ...first, ...later]);
    const offline = log.data?.slice(1) ?? [];
    expect(offline.map((r) => r.client_answer_id)).toEqual(queued.map((s) => s.clientAnswerId));
    expect(offline.map((r) => new Date(r.reviewed_at).getTime())).toEqual(
      queued.map((s) => new Date(s.at).getTime()),
    );
    expect(log.data?.every((r) => r.was_correct && r.skill === 'recognition')).toBe(true);
    const progress = await db
      .from('user_vocabulary_progress')
      .select('vocabulary_id, times_seen, reps')
      .eq('skill', 'recognition')
      .in(
        'vocabulary_id',
        due.map((w) => w.item_id),
      );
    expect(progress.data).toHaveLength(due.length);
    // Each reviewed word counted one answer more than before the review.
    for (const word of progress.data ?? []) {
      const earlier = seenBefore.get(word.vocabulary_id);
      expect(word.times_seen).toBe((earlier?.times_seen ?? 0) + 1);
      expect(word.reps).toBe((earlier?.reps ?? 0) + 1);
    }

    // Online, the review shows the server's list: lesson 2's words (and the recall and listening
    // the right answers opened), none of the words just recognised.
    const refetched = page.waitForResponse(isDueItems);
    await page.goto('/review-flashcards');
    const server = await itemsOf(await refetched);
    const answered = new Set(due.map((w) => `${w.item_id}:recognition`));
    expect(server.some((i) => answered.has(`${i.item_id}:${i.skill}`))).toBe(false);
    expect(server.some((i) => i.skill === 'recall')).toBe(true);
    await expect(card).toHaveAttribute('aria-label', /^Card 1 of \d+$/);
  });

  test('offline with no list on the device: the page says so and offers to try again', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = await createLearner(request);
    const db = await clientFor(request, email);
    await passLesson(db, await seedLessonId(db, 1), 20, 20);
    const expected = await serverItems(db);
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

    // Back online, Try Again loads the server's list.
    await context.setOffline(false);
    const fetched = page.waitForResponse(isDueItems);
    await page.getByRole('button', { name: 'Try Again' }).click();
    const items = await itemsOf(await fetched);
    expect(items.map((i) => i.item_id)).toEqual(expected.map((i) => i.item_id));
    await expect(page.getByRole('region', { name: /^Card \d+ of \d+$/ })).toHaveAttribute(
      'aria-label',
      `Card 1 of ${Math.min(20, items.length)}`,
    );
  });
});
