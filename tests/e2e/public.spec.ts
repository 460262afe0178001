import { anonKey, expect, test } from './support.ts';

test.describe('public pages', () => {
  test('/ redirects to /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  });

  test('/preview shows the landing page with features and the signed-out hero', async ({
    page,
  }) => {
    // Hold the lessons back until the loading state has been seen.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/rest\/v1\/lessons\?/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/preview');
    await expect(page.getByText('Loading lessons...')).toBeVisible();
    release();
    await expect(page.locator('#lessons').getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(page.getByRole('link', { name: 'Lessons', exact: true })).toHaveAttribute(
      'href',
      '#lessons',
    );
    await expect(page.getByRole('link', { name: 'Try Demo', exact: true })).toHaveAttribute(
      'href',
      '/lesson-demo',
    );
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(page.locator('#features')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Feedback' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Try Demo Lesson' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('/preview shows the lessons and words available today beside the marketing claim', async ({
    page,
    request,
  }) => {
    const headers = { apikey: await anonKey(request) };
    // What an anonymous visitor can open, counted from the data (other tests may publish
    // lessons meanwhile, so the page's figures lie between two readings).
    const available = async () => {
      const lessons = (await (
        await request.get('/rest/v1/lessons?select=id&is_published=eq.true', { headers })
      ).json()) as unknown[];
      const words = (await (
        await request.get('/rest/v1/lesson_vocabulary?select=word_hu', { headers })
      ).json()) as { word_hu: string }[];
      return {
        lessons: lessons.length,
        words: new Set(words.map((w) => w.word_hu.toLowerCase())).size,
      };
    };
    const before = await available();
    expect(before.lessons).toBeGreaterThanOrEqual(30);
    await page.goto('/preview');
    await expect(page.getByText('2,000 words in 200 lessons')).toBeVisible();
    const figures = page.getByTestId('course-figures');
    await expect(figures).toHaveText(
      /^Available today: [\d,]+ lessons with [\d,]+ words, and the course keeps growing\.$/,
    );
    const after = await available();
    const [lessons, words] = ((await figures.textContent()) ?? '')
      .match(/[\d,]+/g)
      ?.map((n) => Number(n.replace(/,/g, ''))) ?? [-1, -1];
    expect(lessons).toBeGreaterThanOrEqual(Math.min(before.lessons, after.lessons));
    expect(lessons).toBeLessThanOrEqual(Math.max(before.lessons, after.lessons));
    expect(words).toBeGreaterThanOrEqual(Math.min(before.words, after.words));
    expect(words).toBeLessThanOrEqual(Math.max(before.words, after.words));

    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByText('2.000 Wörter in 200 Lektionen')).toBeVisible();
    await expect(figures).toHaveText(/^Heute verfügbar: [\d.]+ Lektionen mit [\d.]+ Wörtern/);
  });

  test('/terms and /privacy have ten sections and a Back button', async ({ page }) => {
    for (const [path, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await page.goto('/preview');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(10);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/preview$/);
    }
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signed-in routes show a spinner, then redirect a visitor to /auth', async ({ page }) => {
    // Hold back the auth client until the loading state has been seen.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('GoTrueClient')) await held;
      // The redirect may cancel a held request; fulfilling it then has nothing left to answer.
      await route.fulfill({ response, body }).catch(() => undefined);
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('status').getByText('Loading...')).toBeAttached();
    await expect(page.getByRole('main')).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/auth$/);
    await page.unroute('**/assets/*.js');
    for (const path of [
      '/dashboard',
      '/review-flashcards',
      '/lesson/00000000-0000-0000-0000-000000000000',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('the interface follows the language switcher and remembers it', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByRole('tab', { name: 'Registrieren' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Registrieren' })).toBeVisible();
    await page.getByLabel('Sprache').selectOption('es');
    await expect(page.getByRole('tab', { name: 'Registrarse' })).toBeVisible();
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  });

  test('the browser language is the default', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Registrarse' })).toBeVisible();
    await context.close();
  });
});
