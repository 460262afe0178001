import { readFileSync } from 'node:fs';
import { expect, test } from '../support.ts';
import {
  adminClient,
  learnerClient,
  makeLesson,
  passLesson,
  serviceClient,
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

    const row = page.getByRole('row').filter({ hasText: `Lesson ${draft.number}: ${draft.title}` });
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
    // The learner passes lesson 1 as the app would: 16 of 20 cards, 80 %.
    const learner = await learnerClient(request);
    const first = await learner.db
      .from('lessons')
      .select('id')
      .eq('is_published', true)
      .order('lesson_number')
      .limit(1)
      .single();
    expect(first.error).toBeNull();
    await passLesson(learner.db, first.data?.id ?? '', 20, 16);
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

    await bug
      .getByRole('group', { name: `Status of ${bugTitle}` })
      .getByRole('radio', { name: 'In Review' })
      .check();
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

  test('Feedback: true totals, pages and a full export past 1,000 rows', async ({
    page,
    request,
  }) => {
    // One response carries at most 1,000 rows: the tab must count, page and export past that.
    // The rows are a month old so they sort after what other tests send meanwhile.
    const learner = await learnerClient(request);
    const service = serviceClient();
    const tag = uniqueTitle('Bulk');
    const monthAgo = Date.now() - 30 * 86_400_000;
    const imported = await service.from('user_feedback').insert(
      Array.from({ length: 1200 }, (_, i) => ({
        user_id: learner.userId,
        feedback_type: i % 2 === 0 ? 'bug' : 'feature',
        title: `${tag} #${i}`,
        description: 'Imported for the paging test',
        created_at: new Date(monthAgo - i * 1000).toISOString(),
      })),
    );
    expect(imported.error).toBeNull();
    await signInAdmin(page);
    await page.goto('/admin?tab=feedback');
    const stat = (title: string) =>
      page.locator('.admin-stat').filter({ hasText: title }).locator('.admin-stat-value');
    // Other workers send feedback meanwhile: the shown total must match the table's at a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByText(/^1–50 of \d+$/)).toBeVisible();
          const shown = Number(await stat('Total').innerText());
          const { count } = await service
            .from('user_feedback')
            .select('id', { count: 'exact', head: true });
          return shown === count && shown > 1200;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(Number(await stat('Bugs').innerText())).toBeGreaterThanOrEqual(600);

    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(/^51–100 of \d+$/)).toBeVisible();
    await expect(page.locator('.admin-feedback-item')).toHaveCount(50);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(pages.getByText(/^1–50 of \d+$/)).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    const csv = readFileSync(await download.path(), 'utf8');
    const exported = csv
      .split(/\r?\n/)
      .filter((line) => line.includes(`${tag} #`))
      .map((line) => /#(\d+),/.exec(line)?.[1]);
    expect(new Set(exported).size).toBe(1200);
    expect(exported).toHaveLength(1200);
  });

  test('Feedback: the empty state', async ({ page }) => {
    await signInAdmin(page);
    await page.route('**/rest/v1/user_feedback?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'content-range': '*/0' },
            body: '[]',
          })
        : route.fallback(),
    );
    await page.route('**/rest/v1/rpc/admin_feedback_stats*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '[{"total":0,"status_new":0,"status_reviewing":0,"type_bug":0,"type_feature":0}]',
      }),
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
    // A learner cannot complete a lesson this far down the unlock order by hand any more;
    // arranged with the service role.
    const progress = await serviceClient().from('user_lesson_progress').upsert(
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
