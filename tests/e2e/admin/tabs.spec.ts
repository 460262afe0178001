import { readFileSync } from 'node:fs';
import { expect, test } from '../support.ts';
import {
  adminClient,
  learnerClient,
  makeLesson,
  signInAdmin,
  uniqueTitle,
} from './admin-support.ts';

test.describe('admin QA, users, feedback and analytics tabs', () => {
  test('QA: counts, remembered filters, rows, selection and approval', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const draft = await makeLesson(db, { title: uniqueTitle('QA draft') });
    const other = await makeLesson(db, { title: uniqueTitle('QA other') });
    await signInAdmin(page);
    await page.goto('/admin?tab=qa');
    await expect(page.getByText('Draft Lessons')).toBeVisible();
    // Other workers add lessons meanwhile: the shown count must match the table after a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          // The counts are 0 until the lessons arrive: wait for this test's row first.
          await expect(page.getByText(`Lesson ${draft.number}: ${draft.title}`)).toBeVisible();
          const shown = await page
            .locator('.admin-stat')
            .filter({ hasText: 'Draft Lessons' })
            .locator('.admin-stat-value')
            .innerText();
          const { data: all } = await db.from('lessons').select('is_published');
          return Number(shown) === (all ?? []).filter((l) => !l.is_published).length;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const row = page
      .getByRole('listitem')
      .filter({ hasText: `Lesson ${draft.number}: ${draft.title}` });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('1:35');
    await expect(
      row.getByRole('link', { name: `Review Lesson ${draft.number}: ${draft.title}` }),
    ).toHaveAttribute('href', `/admin/review/${draft.id}`);

    await page.getByRole('button', { name: 'Published', exact: true }).click();
    await expect(page.getByText(`Lesson ${draft.number}: ${draft.title}`)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Published', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Draft', exact: true }).click();
    await page.getByLabel(`Select Lesson ${draft.number}: ${draft.title}`).check();
    await page.getByLabel(`Select Lesson ${other.number}: ${other.title}`).check();
    await expect(page.getByText('2 lessons selected')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(page.getByText('2 lessons selected')).toHaveCount(0);
    await page.getByLabel(`Select Lesson ${draft.number}: ${draft.title}`).check();
    await page.getByLabel(`Select Lesson ${other.number}: ${other.title}`).check();
    // Neither lesson has German or Spanish: Approve names them and the admin accepts.
    const confirms: string[] = [];
    page.removeAllListeners('dialog');
    page.on('dialog', (d) => {
      confirms.push(d.message());
      void (d.type() === 'confirm' ? d.accept() : d.dismiss());
    });
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('2 lessons approved and published')).toBeVisible();
    expect(confirms[0]).toContain(
      `Lesson ${draft.number}: ${draft.title}: English, German, Spanish`,
    );
    const { data } = await db.from('lessons').select('is_published').in('id', [draft.id, other.id]);
    expect(data?.map((l) => l.is_published)).toEqual([true, true]);
    await page.getByRole('button', { name: 'Recently Modified' }).click();
    await expect(page.getByText(`Lesson ${draft.number}: ${draft.title}`)).toBeVisible();
  });

  test('QA: the empty state', async ({ page }) => {
    await signInAdmin(page);
    await page.route('**/rest/v1/lessons?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.fallback(),
    );
    await page.goto('/admin?tab=qa');
    await expect(page.getByText('No lessons found for this filter')).toBeVisible();
  });

  test('Users: stat cards, the SQL overview with short IDs, and search by user ID', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db, { published: true });
    const learner = await learnerClient(request);
    const { error } = await learner.db.from('user_lesson_progress').upsert(
      {
        user_id: learner.userId,
        lesson_id: lesson.id,
        audio_completed: true,
        is_completed: true,
        flashcard_passed: true,
        flashcard_score: 8,
        flashcard_accuracy: 80,
        completed_at: new Date().toISOString(),
      },
      { onConflict: 'user_id,lesson_id' },
    );
    expect(error).toBeNull();
    await signInAdmin(page);
    await page.goto('/admin?tab=users');
    await expect(page.getByRole('heading', { name: 'User Progress' })).toBeVisible();
    for (const title of ['Total Users', 'Active (7d)', 'Avg Completion', 'Avg Accuracy']) {
      await expect(page.locator('.admin-stat').filter({ hasText: title })).toBeVisible();
    }
    const short = `${learner.userId.slice(0, 8)}...`;
    await page.getByPlaceholder('Search by user ID...').fill(learner.userId.slice(0, 13));
    const row = page.getByRole('row').filter({ hasText: learner.userId.slice(0, 8) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toHaveText(short);
    await expect(row).toContainText('80%');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await page.getByPlaceholder('Search by user ID...').fill('no-such-user');
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('Feedback: stats, filters, badges, status dropdown and CSV export', async ({
    page,
    request,
  }) => {
    const learner = await learnerClient(request);
    const bugTitle = uniqueTitle('Bug');
    const featureTitle = uniqueTitle('=HYPERLINK("x")');
    const insert = await learner.db.from('user_feedback').insert([
      {
        feedback_type: 'bug',
        title: bugTitle,
        description: 'The audio stops after 10 s.',
        page_url: 'http://localhost/lesson/abc',
      },
      {
        feedback_type: 'feature',
        title: featureTitle,
        description: 'Dark mode please',
        page_url: 'http://localhost/dashboard',
      },
    ]);
    expect(insert.error).toBeNull();
    await signInAdmin(page);
    await page.goto('/admin?tab=feedback');
    await expect(page.getByRole('heading', { name: 'User Feedback' })).toBeVisible();
    for (const stat of ['Total', 'New', 'Bugs', 'Features']) {
      await expect(page.locator('.admin-stat').filter({ hasText: stat }).first()).toBeVisible();
    }
    const bug = page.getByRole('listitem').filter({ hasText: bugTitle });
    await expect(bug).toContainText('Bug');
    await expect(bug).toContainText('New');
    await expect(bug).toContainText('/lesson/abc');
    await expect(bug).toContainText('The audio stops after 10 s.');

    await page.getByRole('button', { name: 'Features', exact: true }).click();
    await expect(page.getByText(bugTitle)).toHaveCount(0);
    await expect(page.getByText(featureTitle)).toBeVisible();
    await page.getByRole('button', { name: 'Bugs', exact: true }).click();
    await expect(page.getByText(bugTitle)).toBeVisible();

    await bug.getByLabel(`Status of ${bugTitle}`).selectOption('reviewing');
    await expect(page.getByText('Status updated')).toBeVisible();
    await page.getByRole('button', { name: 'In Review', exact: true }).click();
    await expect(page.getByText(bugTitle)).toBeVisible();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByText(bugTitle)).toHaveCount(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();

    const downloadPromise = page.waitForEvent('download');
    const dayBefore = new Date().toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    // The UTC date of the click; a run that crosses midnight accepts either day.
    const days = new Set([dayBefore, new Date().toISOString().slice(0, 10)]);
    expect([...days].map((day) => `feedback-export-${day}.csv`)).toContain(
      download.suggestedFilename(),
    );
    await expect(page.getByText('Feedback exported')).toBeVisible();
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'Date,Type,Title,Description,Status,Page URL',
    );
    expect(csv).toContain(
      `${bugTitle},The audio stops after 10 s.,reviewing,http://localhost/lesson/abc`,
    );
    // Formula-looking cells are neutralised.
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  test('Feedback: the empty state', async ({ page }) => {
    await signInAdmin(page);
    await page.route('**/rest/v1/user_feedback?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.fallback(),
    );
    await page.goto('/admin?tab=feedback');
    await expect(page.getByText('No feedback found')).toBeVisible();
    await expect(page.locator('.admin-stat').filter({ hasText: 'Total' })).toContainText('0');
  });

  test('Analytics: active learners per day, completion per lesson, hardest words', async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await makeLesson(db, { published: true, title: uniqueTitle('Analytics') });
    const learner = await learnerClient(request);
    const progress = await learner.db.from('user_lesson_progress').upsert(
      {
        user_id: learner.userId,
        lesson_id: lesson.id,
        is_completed: true,
        audio_completed: true,
        flashcard_accuracy: 50,
      },
      { onConflict: 'user_id,lesson_id' },
    );
    expect(progress.error).toBeNull();
    await signInAdmin(page);
    await page.goto('/admin?tab=analytics');
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Analytics Dashboard Coming Soon')).toHaveCount(0);
    const daily = page.getByRole('list', { name: 'Learners active per day (last 14 days)' });
    await expect(daily.getByRole('listitem')).toHaveCount(14);
    const today = new Date().toISOString().slice(0, 10);
    await expect(daily.getByRole('listitem').filter({ hasText: today })).toContainText(
      /[1-9]\d* learners/,
    );
    const completion = page.getByRole('list', { name: 'Completion per lesson' });
    await expect(
      completion
        .getByRole('listitem')
        .filter({ hasText: `Lesson ${lesson.number}: ${lesson.title}` }),
    ).toContainText('100% (1/1)');
    await expect(
      page.getByRole('heading', { name: 'Accuracy per word (hardest first)' }),
    ).toBeVisible();
  });
});
