import { expect, test } from './support.ts';
import { textsIn, type Language } from './day-support.ts';
import { walkRoutes } from './route-walk.ts';

// Issue 29 point 6: every page fits a 390 px phone in every language. Every route (visitor,
// learner and admin) in German and in Spanish, whose words run longest: no sideways scroll (the
// German footer once made /preview, /terms and /privacy 398–425 px wide).

test.use({ viewport: { width: 390, height: 844 } });

for (const language of ['de', 'es'] as const satisfies readonly Language[]) {
  test(`every route fits 390 px in ${language === 'de' ? 'German' : 'Spanish'}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = textsIn(language);
    const wide: string[] = [];
    let walked = 0;
    await walkRoutes(page, t, language, async (route) => {
      walked += 1;
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${route.name} (${route.path}) is ${width} px wide`);
    });
    expect(walked).toBeGreaterThanOrEqual(21);
    expect(wide).toEqual([]);
  });
}
