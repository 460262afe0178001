import { createLearner, expect, test } from './support.ts';
import {
  finishAudio,
  seedLessonWords,
  signInIn,
  textsIn,
  useLanguage,
  walkSession,
  type AskedCard,
} from './day-support.ts';

// Issue 29 point 4: every word practised. A lesson's session asks every word of the lesson once,
// one way each, before any word comes back, and the next session asks each word the other way
// first. At 390×844 in German and at 1440×900 in Spanish.

/** Every word of `lesson` asked before any word is asked a second time. */
function expectEveryWordFirst(asked: readonly AskedCard[], lesson: readonly string[]): void {
  const firstRepeat = asked.findIndex((card, i) =>
    asked.slice(0, i).some((earlier) => earlier.hu === card.hu),
  );
  const beforeRepeat = firstRepeat < 0 ? asked : asked.slice(0, firstRepeat);
  const heard = new Set(beforeRepeat.map((card) => card.hu));
  expect(lesson.filter((word) => !heard.has(word))).toEqual([]);
  // One direction each at first: half the lesson one way, half the other.
  const firsts = beforeRepeat.filter((card) => lesson.includes(card.hu));
  const toMeaning = firsts.filter((card) => card.toMeaning).length;
  expect(Math.abs(2 * toMeaning - firsts.length)).toBeLessThanOrEqual(1);
}

/** The way each lesson word was asked first. */
function firstWays(asked: readonly AskedCard[], lesson: readonly string[]): Map<string, boolean> {
  const ways = new Map<string, boolean>();
  for (const card of asked) {
    if (lesson.includes(card.hu) && !ways.has(card.hu)) ways.set(card.hu, card.toMeaning);
  }
  return ways;
}

test.describe('every word practised', () => {
  test('phone, German: lesson 1 asks all its words, and Try Again asks each the other way first', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const t = textsIn('de');
    await useLanguage(page, 'de');
    await signInIn(page, t, await createLearner(page.request));
    await page.getByRole('link', { name: /^1\. / }).click();
    await finishAudio(page, t);
    await page.getByRole('tab', { name: t('lesson.tab.flashcards') }).click();
    const words = seedLessonWords(1);

    // A failed first session: every word asked, each one way.
    const first = await walkSession(page, t, 'de', () => false);
    expect(first).toHaveLength(Math.min(20, 2 * words.length));
    expectEveryWordFirst(first, words);
    await page.getByRole('button', { name: t('flashcards.tryAgain') }).click();

    // The second session: every word again, each the other way round first.
    const second = await walkSession(page, t, 'de', () => true);
    expectEveryWordFirst(second, words);
    const before = firstWays(first, words);
    const now = firstWays(second, words);
    for (const word of words) expect(now.get(word), word).toBe(!before.get(word));
    await expect(page.getByRole('dialog', { name: t('flashcards.passed') })).toBeVisible();
  });

  test('desktop, Spanish: lesson 2 (18 words) asks every word before 2 come back', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const t = textsIn('es');
    await useLanguage(page, 'es');
    await signInIn(page, t, await createLearner(page.request));
    await page.getByRole('link', { name: /^1\. / }).click();
    await finishAudio(page, t);
    await page.getByRole('tab', { name: t('lesson.tab.flashcards') }).click();
    expectEveryWordFirst(await walkSession(page, t, 'es', () => true), seedLessonWords(1));
    // The pass continues to lesson 2.
    await expect(page).toHaveURL(/\/lesson\//);
    await expect(page.getByText(t('lesson.header.number', { n: '2' }))).toBeVisible();

    await finishAudio(page, t);
    await page.getByRole('tab', { name: t('lesson.tab.flashcards') }).click();
    const words = seedLessonWords(2);
    expect(words).toHaveLength(18);
    const asked = await walkSession(page, t, 'es', () => true);
    expect(asked).toHaveLength(20);
    expectEveryWordFirst(asked, words);
    expect(new Set(asked.slice(0, 18).map((card) => card.hu)).size).toBe(18);
  });
});
