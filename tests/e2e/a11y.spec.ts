import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import { cardLabel, textsIn, type Language, type Texts } from './day-support.ts';
import { walkRoutes, type WalkedRoute } from './route-walk.ts';
import { seriousViolations } from './axe-support.ts';

// Issue 29 point 8: axe-core on every learner and admin route in English, German and Spanish,
// and on what opens on them (the feedback dialog, the expanded tourist-pack list, a toast, the
// flashcard results, the admin's create and add-word dialogs): no serious or critical violation.
// (Found by it at first: the success toast's contrast of 4.25:1 with sonner's richColors, the
// expanded tourist list scrolling without being reachable by keyboard, and the admin
// transcript's line groups inside a list.)

/** What a route opens, each checked as well: a name and the step that opens it. */
type Opened = readonly [string, (page: Page, t: Texts) => Promise<void>];

const OPENED: Readonly<Record<string, readonly Opened[]>> = {
  dashboard: [
    [
      'tourist list expanded',
      async (page, t) => {
        await page.getByText(t('touristPack.showWords')).click();
        await expect(page.locator('.pack-words li').first()).toBeVisible();
      },
    ],
    [
      'feedback dialog',
      async (page, t) => {
        await page
          .getByRole('button', { name: t('feedback.open') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: t('feedback.title') })).toBeVisible();
      },
    ],
  ],
  settings: [
    [
      'success toast',
      async (page, t) => {
        await page.getByRole('button', { name: t('profile.save') }).click();
        const toast = page.locator('[data-sonner-toast][data-type="success"]');
        await expect(toast).toContainText(t('profile.nameSaved'));
        // Settled (mounted, its entry animation over), so axe can measure its colours.
        await expect(toast).toHaveAttribute('data-mounted', 'true');
        await page.waitForTimeout(500);
      },
    ],
  ],
  'lesson-demo': [
    [
      'flashcard results',
      async (page, t) => {
        await page.getByRole('button', { name: t('lesson.markCompleteDemo') }).click();
        const card = page.getByRole('region', { name: cardLabel(t) });
        for (let n = 1; n <= 3; n++) {
          await expect(card).toHaveAttribute('aria-label', t('flashcards.cardOf', { n, total: 3 }));
          await page.keyboard.press('1');
          await expect(card.getByRole('listitem').getByRole('button').first()).toBeDisabled();
          await page.keyboard.press('Enter');
        }
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    ],
  ],
  'admin-lessons': [
    [
      'create dialog',
      async (page, t) => {
        await page.getByRole('button', { name: t('create.title') }).click();
        await expect(page.getByRole('dialog', { name: t('create.title') })).toBeVisible();
      },
    ],
  ],
  'admin-review': [
    [
      'add-word dialog',
      async (page, t) => {
        await page
          .getByRole('button', { name: t('vocabulary.addWord') })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: t('vocabulary.addWord') })).toBeVisible();
      },
    ],
  ],
};

async function checkRoute(page: Page, t: Texts, route: WalkedRoute): Promise<string[]> {
  const found = await seriousViolations(page, route.name);
  for (const [what, open] of OPENED[route.name] ?? []) {
    await page.goto(route.path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await open(page, t);
    found.push(...(await seriousViolations(page, `${route.name}, ${what}`)));
  }
  return found;
}

for (const language of ['en', 'de', 'es'] as const satisfies readonly Language[]) {
  test(`axe finds nothing serious on any route or what opens there (${language})`, async ({
    page,
  }) => {
    test.setTimeout(360_000);
    const t = textsIn(language);
    const found: string[] = [];
    const checked: string[] = [];
    await walkRoutes(page, t, language, async (route) => {
      checked.push(route.name);
      found.push(...(await checkRoute(page, t, route)));
    });
    expect(checked).toContain('admin-review');
    expect(found).toEqual([]);
  });
}
