import type { Page } from '@playwright/test';
import { DEMO_LEARNER, createLearner, expect, signIn, test } from './support.ts';
import {
  layoutProblems,
  layoutProblemsWhileScrolling,
  plantCoverOver,
  settle,
} from './phone-support.ts';

// Send Feedback between the phone and the wide desktop. The spec's floating button floats only
// where it fits in the gutter beside the content column (from 90rem); on tablets and small
// laptops the column reaches under it, so Send Feedback is a header button there. At every size:
// while scrolling through the dashboard, a lesson (transcript, then flashcards) and the review,
// nothing fixed lies over content, the header stays one row, and Send Feedback is there once and
// opens the dialog.

/** The wide header in one row: 44 px controls, 0.75rem padding above and below, a border. */
const ONE_ROW_HEADER_PX = 70;
/** At 800 px navigation and actions do not fit one row: the actions wrap to a second. */
const TWO_ROW_HEADER_PX = 125;

const TABLETS = [
  { viewport: { width: 800, height: 1000 }, headerMax: TWO_ROW_HEADER_PX },
  { viewport: { width: 1024, height: 768 }, headerMax: ONE_ROW_HEADER_PX },
  { viewport: { width: 1280, height: 800 }, headerMax: ONE_ROW_HEADER_PX },
] as const;
const WIDE = { width: 1440, height: 900 } as const;

/** Problems at every third of a screen from the top to the bottom of the page. */
async function coveredWhileScrolling(page: Page, headerMax = ONE_ROW_HEADER_PX): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 800;
  return layoutProblemsWhileScrolling(page, { headerMax, step: Math.round(height / 3) });
}

/** The one Send Feedback control on the page opens the dialog, which closes again. */
async function feedbackOpens(page: Page): Promise<void> {
  const control = page.getByRole('button', { name: 'Send Feedback' });
  await expect(control).toHaveCount(1);
  await control.click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function lessonOnePath(page: Page): Promise<string> {
  await page.goto('/dashboard');
  const href = await page.getByRole('link', { name: /^1\. / }).getAttribute('href');
  if (!href) throw new Error('lesson 1 has no link on the dashboard');
  return href;
}

/** Dashboard, lesson 1's transcript and flashcards, then the demo learner's review. */
async function checkPages(page: Page, headerMax = ONE_ROW_HEADER_PX): Promise<void> {
  const lesson = await lessonOnePath(page);

  await test.step('dashboard', async () => {
    await settle(page);
    await expect(page.getByRole('link', { name: /^1\. / })).toBeVisible();
    expect(await coveredWhileScrolling(page, headerMax)).toEqual([]);
    await feedbackOpens(page);
  });

  await test.step('lesson: transcript', async () => {
    await page.goto(lesson);
    await settle(page);
    await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
    await expect(
      page.getByRole('list', { name: 'Transcript' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    expect(await coveredWhileScrolling(page, headerMax)).toEqual([]);
    await feedbackOpens(page);
  });

  await test.step('lesson: flashcards', async () => {
    const seek = page.getByRole('slider', { name: 'Seek' });
    const max = Number(await seek.getAttribute('max'));
    await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
    await page.getByRole('tab', { name: 'Flashcards' }).click();
    const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
    await expect(card.getByRole('listitem').getByRole('button')).toHaveCount(4);
    await settle(page);
    expect(await coveredWhileScrolling(page, headerMax)).toEqual([]);
    await feedbackOpens(page);
  });

  await test.step('review', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).not.toHaveURL(/\/lesson\//);
    await signIn(page, DEMO_LEARNER);
    await page.goto('/review-flashcards');
    await settle(page);
    // The demo learner's due words, or (when another test answered them) its caught-up page.
    await expect(
      page
        .getByRole('region', { name: /^Card \d+ of \d+$/ })
        .or(page.getByRole('link', { name: 'Back to Dashboard' })),
    ).toBeVisible();
    expect(await coveredWhileScrolling(page, headerMax)).toEqual([]);
    await feedbackOpens(page);
  });
}

for (const { viewport, headerMax } of TABLETS) {
  test.describe(`tablet ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('Send Feedback is a header button; nothing covers the dashboard, lesson or review while scrolling', async ({
      page,
      request,
    }) => {
      await signIn(page, await createLearner(request, 'Tablet Learner'));
      await checkPages(page, headerMax);
      await expect(page.locator('.feedback-fab')).toBeHidden();
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Send Feedback' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    });
  });
}

test.describe(`wide ${WIDE.width}x${WIDE.height}`, () => {
  test.use({ viewport: WIDE });

  test('Send Feedback floats in the gutter beside the content, over nothing while scrolling', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request, 'Wide Learner'));
    await settle(page);
    await expect(page.locator('.feedback-fab')).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Send Feedback' }),
    ).toHaveCount(0);
    // The landing page's footer runs under the button: it ends above it.
    await page.goto('/preview');
    await settle(page);
    await expect(page.getByTestId('course-figures')).toBeVisible();
    expect(await coveredWhileScrolling(page)).toEqual([]);
    await checkPages(page);
  });

  test('the longest label (Spanish) still fits beside the content column', async ({
    page,
    request,
  }) => {
    await signIn(page, await createLearner(request, 'Wide Learner'));
    await page.evaluate(() => localStorage.setItem('magyarul.language', 'es'));
    await page.reload();
    await settle(page);
    const fab = page.locator('.feedback-fab');
    await expect(fab).toHaveText('Enviar comentarios');
    expect(await coveredWhileScrolling(page)).toEqual([]);
    const box = await fab.boundingBox();
    const column = await page.locator('main').evaluate((main) => {
      const padding = parseFloat(getComputedStyle(main).paddingLeft);
      return main.getBoundingClientRect().left + padding;
    });
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(column);
    // The check sees a fixed element over content (as the floating button was on tablets).
    // Over the Today card, the first thing on the dashboard (the lesson rows start below the fold).
    await plantCoverOver(page, 'main .today-card');
    expect((await layoutProblems(page, { headerMax: ONE_ROW_HEADER_PX })).join('\n')).toContain(
      'div.planted (fixed) covers',
    );
  });
});
