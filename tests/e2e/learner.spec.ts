import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  answerAllCards,
  createLearner,
  expect,
  signIn,
  test,
  vocabularyMap,
} from './support.ts';
import { clientFor, learnerClient } from './admin/admin-support.ts';

const down = { status: 500, contentType: 'application/json', body: '{"message":"down"}' };

test.describe('signed-in learner', () => {
  test('dashboard: greeting, Today card, goal, tourist pack, real streak, lesson marks', async ({
    page,
  }) => {
    await signIn(page, DEMO_LEARNER);
    await expect(page.getByText(/^Hello/)).toBeVisible();
    // The Today card (issue 29 point 2): the words due start the review, Continue goes to the
    // learner's next open lesson (lesson 2: the seed passed lesson 1), not to the demo lesson.
    const today = page.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('link', { name: /^\d+ words? due/ })).toHaveAttribute(
      'href',
      '/review-flashcards',
    );
    await expect(today.getByRole('link', { name: /^Continue Lesson 2: / })).toHaveAttribute(
      'href',
      /^\/lesson\/[0-9a-f-]+$/,
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Continue Learning' }),
    ).toHaveCount(0);
    await expect(today.getByText(/^\d+ of 10 answers today$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByText('2,000 words to conversational', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ of 150 words$/)).toBeVisible();
    // The seed gives the demo learner reviews on the last three days: a real, non-zero streak.
    await expect(page.getByText(/^\s*[1-9]\d* day streak$/)).toBeVisible();
    // The lesson list by its heading (the Offline lessons card below it has a list too).
    const rows = page
      .getByRole('region', { name: 'Lessons', exact: true })
      .getByRole('list')
      .getByRole('listitem');
    await expect(rows.first()).toContainText(/Completed|Open/);
    await expect(rows.last()).toContainText('Locked');
  });

  test('dashboard: saves the browser’s time zone to the profile once the page has settled', async ({
    browser,
    request,
  }) => {
    const { email, db, userId } = await learnerClient(request);
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('magyarul.language', 'en'));
    // The app waits 10 s of the page's clock (not urgent, kept out of the first seconds).
    await page.clock.install();
    await signIn(page, email);
    // The greeting names the learner once the profile (and its saved zone) has loaded: only then
    // does the page start waiting to save the zone.
    await expect(page.getByText('Hello, E2E Learner!')).toBeVisible();
    const zone = async () =>
      (await db.from('profiles').select('time_zone').eq('user_id', userId).single()).data
        ?.time_zone;
    expect(await zone()).toBe('UTC');
    // Past the 10 s, and past the 2 s the idle callback may wait at most.
    await page.clock.fastForward(13_000);
    await expect.poll(zone).toBe('Asia/Tokyo');
    await context.close();
  });

  test('dashboard: Admin Dashboard only for admins; list failure and empty list texts', async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );

    await page.route(/\/rest\/v1\/lessons\?/, (route) => route.fulfill(down));
    await page.reload();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load lessons' }),
    ).toBeVisible();
    await page.unroute(/\/rest\/v1\/lessons\?/);
    await page.route(/\/rest\/v1\/lessons\?/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.reload();
    await expect(page.getByText('No lessons available yet')).toBeVisible();
  });

  test('review: due words of the demo learner, Session complete, then the dashboard', async ({
    page,
    request,
  }) => {
    const answers = await vocabularyMap(request);
    // The recognition cards the demo learner has due (no new items today: recall and listening
    // cards of the mixed review are practice.spec's and practice-review.spec's).
    const demo = await clientFor(request, DEMO_LEARNER);
    const { data: me } = await demo.auth.getUser();
    const limit = await demo
      .from('profiles')
      .update({ new_items_per_day: 0 })
      .eq('user_id', me.user?.id ?? '');
    expect(limit.error).toBeNull();
    await signIn(page, DEMO_LEARNER);
    await page.goto('/review-flashcards');
    await answerAllCards(page, answers, (i) => i % 4 !== 3);
    await expect(page.getByText(/^Session complete! Accuracy: \d+%$/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('review: no lessons, all caught up, more lessons needed, something went wrong', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request));
    await page.goto('/review-flashcards');
    await expect(page.getByRole('heading', { name: 'No Lessons Completed Yet' })).toBeVisible();

    // One completed lesson (stubbed count) with nothing due.
    await page.route('**/rest/v1/user_lesson_progress*', (route) =>
      route.request().method() === 'HEAD' || route.request().url().includes('is_completed')
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'content-range': '0-0/1' },
            body: '[]',
          })
        : route.fallback(),
    );
    await page.route('**/rest/v1/rpc/get_due_items*', (route) => route.fulfill(down));
    await page.reload();
    await expect(page.getByText('Failed to load flashcards')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();

    await page.unroute('**/rest/v1/rpc/get_due_items*');
    await page.route('**/rest/v1/rpc/get_due_items*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'More Lessons Needed' })).toBeVisible();

    await page.route('**/rest/v1/rpc/get_user_reviewed_words_count', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '12' }),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All Caught Up!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  });

  test('feedback dialog: counters, validation, failure and success', async ({ page, request }) => {
    await signIn(page, await createLearner(request));
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await expect(dialog.getByLabel('Type')).toHaveValue('general');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all fields');
    await dialog.getByLabel('Type').selectOption({ label: 'Bug Report' });
    await dialog.getByLabel('Title').fill('Audio');
    await expect(dialog.getByText('5/100')).toBeVisible();
    await dialog.getByLabel('Description').fill('The player stops at 0:42.');
    await expect(dialog.getByText('25/1000')).toBeVisible();

    await page.route('**/rest/v1/user_feedback*', (route) => route.fulfill(down));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Failed to submit feedback. Please try again.')).toBeVisible();
    await page.unroute('**/rest/v1/user_feedback*');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('feedback dialog: the per-minute limit is said in the dialog and keeps the text', async ({
    page,
    request,
  }) => {
    const learner = await learnerClient(request);
    const sent = await learner.db.from('user_feedback').insert(
      Array.from({ length: 10 }, (_, i) => ({
        title: `Earlier ${i}`,
        description: 'Sent by API',
      })),
    );
    expect(sent.error).toBeNull();
    await signIn(page, learner.email);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.getByLabel('Title').fill('One more');
    await dialog.getByLabel('Description').fill('The eleventh message this minute.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have sent a lot of feedback in the last minute. Please wait a minute and try again.',
    );
    await expect(dialog.getByLabel('Description')).toHaveValue('The eleventh message this minute.');
    await expect(page.getByText('Thank you for your feedback!')).toHaveCount(0);
    const stored = await learner.db.from('user_feedback').select('id');
    expect(stored.data).toHaveLength(10);
  });

  test('profile name: saved trimmed and shown in the greeting; failure text', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request, 'First Name'));
    await expect(page.getByText('Hello, First Name!')).toBeVisible();
    // Issue 29: on the settings page, a link in every page's header.
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('First Name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByRole('alert')).toHaveText('Name is required');

    await page.route('**/rest/v1/profiles*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(down) : route.fallback(),
    );
    await name.fill('Zsófi');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('Failed to save name')).toBeVisible();
    await page.unroute('**/rest/v1/profiles*');
    await name.fill('  Zsófi Kovács  ');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('Name saved!')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Hello, Zsófi Kovács!')).toBeVisible();
  });

  test('landing page for a signed-in user: lessons preview, menu and sign-out', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request));
    await page.goto('/preview');
    await expect(page.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('button', { name: 'Send Feedback' })).toBeVisible();
    const cards = page.locator('#lessons').getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(cards.first().getByText('Beginner', { exact: true })).toBeVisible();
    await cards.first().getByRole('button', { name: 'Start Lesson' }).click();
    await expect(page).toHaveURL(/\/lesson\/[0-9a-f-]+$/);

    await page.goto('/preview');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('landing lessons preview is hidden when the load fails', async ({ page }) => {
    await page.route(/\/rest\/v1\/lessons\?/, (route) => route.fulfill(down));
    await page.goto('/preview');
    await expect(page.locator('#features')).toBeVisible();
    await expect(page.locator('#lessons')).toHaveCount(0);
  });
});
