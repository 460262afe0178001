import type { Browser, Locator, Page } from '@playwright/test';
import { LESSON_FALLBACK_WORDS, REVIEW_FILLER_WORDS, passMark } from '@magyarul/core/flashcards';
import type { MessageParams } from '@magyarul/core/messages';
import { LESSONS } from '../../supabase/seed/content/lessons.ts';
import type { SeedLesson } from '../../supabase/seed/content/types.ts';
import {
  english,
  translate,
  type FullCatalogue,
  type TextKey,
} from '../../web/src/lib/i18n/catalogue.ts';
import { de } from '../../web/src/lib/i18n/de.ts';
import { es } from '../../web/src/lib/i18n/es.ts';
import { clientFor } from './admin/admin-support.ts';
import { DEMO_PASSWORD, expect, latestMail, linkIn, test, uniqueEmail } from './support.ts';

// A German and a Spanish learner, end to end: sign-up in their language, lesson 1, flashcards
// whose options are the seed's German or Spanish meanings, a review session, the transcript's
// translation switch, and the meaning language chosen on the dashboard following them to a
// second device. Expected meanings and translations are read from the seed content module, so
// the test follows the course content; interface texts come from the web catalogues.

type Language = 'de' | 'es';
const CATALOGUES: Record<Language, FullCatalogue> = { de, es };

function lessonOne(): SeedLesson {
  const lesson = LESSONS.find((l) => l.number === 1);
  if (!lesson) throw new Error('the seed has no lesson 1');
  return lesson;
}

function nfc(text: string): string {
  return text.normalize('NFC').trim();
}

/** Lesson 1's words as [Hungarian, meaning in `language`], every one translated in the seed. */
function seedMeanings(language: Language): [string, string][] {
  return lessonOne().words.map((word) => {
    const meaning: string | undefined = word[language];
    expect(meaning, `lesson 1 "${word.hu}" has no ${language} meaning in the seed`).toBeTruthy();
    return [nfc(word.hu), nfc(meaning ?? '')];
  });
}

/** Lesson 1's line translations in `language`, in line order. */
function seedLineTranslations(language: Language): string[] {
  return lessonOne().lines.map(([, text, translation]) => {
    const line: string | undefined = translation?.[language];
    expect(line, `lesson 1 line "${text}" has no ${language} translation in the seed`).toBeTruthy();
    return nfc(line ?? '');
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A catalogue text as a pattern, its numeric placeholders matching any number. */
function pattern(catalogue: FullCatalogue, key: TextKey, numeric: readonly string[]): RegExp {
  const params: MessageParams = Object.fromEntries(numeric.map((name) => [name, `@${name}@`]));
  let source = escape(translate(catalogue, key, params));
  for (const name of numeric) source = source.replace(`@${name}@`, '[\\d.,]+');
  return new RegExp(`^${source}$`);
}

/**
 * Answers every card of the running session and checks what it shows: a card asking for the
 * meaning offers four meanings in `language` (the seed's, or fillers in that language), the
 * right one being the word's seed meaning; a card asking for the Hungarian shows the seed
 * meaning as its question. `wrong(i, total)` decides which cards get a wrong answer.
 * Returns the number of cards.
 */
async function answerInLanguage(
  page: Page,
  catalogue: FullCatalogue,
  language: Language,
  wrong: (index: number, total: number) => boolean = () => false,
): Promise<number> {
  const meanings = seedMeanings(language);
  const meaningOf = new Map(meanings);
  const wordOf = new Map(meanings.map(([hu, meaning]) => [meaning, hu]));
  const fillers = [...LESSON_FALLBACK_WORDS, ...REVIEW_FILLER_WORDS].map((f) => f[language]);
  const allowed = new Set([...meanings.map(([, m]) => m), ...fillers]);
  const card = page.getByRole('region', {
    name: pattern(catalogue, 'flashcards.cardOf', ['n', 'total']),
  });
  await expect(card).toBeVisible();
  const label = (await card.getAttribute('aria-label')) ?? '';
  const total = Number(/(\d+)\D*$/.exec(label)?.[1] ?? '0');
  expect(total).toBeGreaterThan(0);
  for (let i = 0; i < total; i++) {
    await expect(card).toHaveAttribute(
      'aria-label',
      translate(catalogue, 'flashcards.cardOf', { n: i + 1, total }),
    );
    const question = nfc((await card.getByRole('heading', { level: 2 }).textContent()) ?? '');
    const options = card.getByRole('listitem').getByRole('button');
    const texts = (await options.allTextContents()).map((t) => nfc(t.replace(/^\d/, '')));
    expect(texts).toHaveLength(4);
    let right: number;
    if (meaningOf.has(question)) {
      await expect(
        card.getByText(
          translate(catalogue, 'flashcards.prompt.hu', {
            language: translate(catalogue, `language.${language}`),
          }),
        ),
      ).toBeVisible();
      for (const text of texts)
        expect(allowed, `"${text}" on the card of "${question}"`).toContain(text);
      right = texts.indexOf(meaningOf.get(question) ?? '');
    } else {
      expect(wordOf.has(question), `"${question}" is a ${language} meaning of the seed`).toBe(true);
      right = texts.indexOf(wordOf.get(question) ?? '');
    }
    expect(right, `answer of "${question}" among ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
    const pick = wrong(i, total) ? (right + 1) % texts.length : right;
    await page.keyboard.press(String(pick + 1));
    await expect(options.nth(pick)).toBeDisabled();
    await page.keyboard.press('Enter');
  }
  return total;
}

async function finishAudio(page: Page, catalogue: FullCatalogue): Promise<void> {
  const seek = page.getByRole('slider', { name: translate(catalogue, 'audio.seek') });
  await expect(seek).toBeEnabled();
  const max = Number(await seek.getAttribute('max'));
  expect(max).toBeGreaterThan(0);
  await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
}

function transcriptLines(page: Page, catalogue: FullCatalogue): Locator {
  return page
    .getByRole('list', { name: translate(catalogue, 'audio.transcript') })
    .getByRole('listitem');
}

async function signUpInUi(page: Page, language: Language, email: string): Promise<void> {
  const catalogue = CATALOGUES[language];
  const t = (key: TextKey) => translate(catalogue, key);
  await page.goto('/auth');
  await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
  await page.getByRole('tab', { name: t('auth.tab.signUp') }).click();
  await page.getByLabel(t('auth.name')).fill('Lena Probe');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(t('auth.confirmPassword')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth.createAccount') }).click();
  await expect(page.getByRole('heading', { name: t('auth.checkYourEmail') })).toBeVisible();
}

/** A second device: a fresh browser with an English interface, signed in as `email`. */
async function secondDevice(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('magyarul.language', 'en'));
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const LEARNERS: { language: Language; name: string; other: Language }[] = [
  { language: 'de', name: 'German', other: 'es' },
  { language: 'es', name: 'Spanish', other: 'de' },
];

for (const { language, name, other } of LEARNERS) {
  test.describe(`a ${name}-speaking learner`, () => {
    test(`sign-up → lesson 1 → flashcards in ${name} → review → translation toggle → language on another device`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const catalogue = CATALOGUES[language];
      const t = (key: TextKey, params?: MessageParams) => translate(catalogue, key, params);

      // Sign-up in the learner's language, confirmed through the outbox.
      const email = uniqueEmail(`learner-${language}`);
      await signUpInUi(page, language, email);
      await page.goto(linkIn(await latestMail(request, email)));
      await expect(page).toHaveURL(/\/dashboard/);
      // Signed in once the dashboard shows the learner's lessons (the session from the link is
      // kept by then): a navigation before that would start signed out.
      await expect(page.getByRole('link', { name: /^1\. / })).toBeVisible();

      // Settings: meanings follow the interface language until chosen. Dashboard: numbers and
      // levels are localised (2.000, Anfänger / Principiante).
      await page.goto('/settings');
      const picker = page.getByRole('combobox', { name: t('meanings.label') });
      await expect(picker).toHaveValue(language);
      await expect(page.getByText(t('meanings.followsInterface'))).toBeVisible();
      await page.goto('/dashboard');
      await expect(page.getByText('0 / 2.000', { exact: true })).toBeVisible();
      const first = page.getByRole('link', { name: /^1\. / });
      await expect(first).toContainText(t('level.beginner'));

      // Lesson 1: audio, then flashcards whose options are the seed's meanings in the language.
      await first.click();
      await expect(
        page.getByText(t('lesson.header.number', { n: 1 }), { exact: true }),
      ).toBeVisible();
      await finishAudio(page, catalogue);
      await expect(page.getByText(t('lesson.audioCompleted'))).toBeVisible();
      await page.getByRole('tab', { name: t('lesson.tab.flashcards') }).click();
      // The last cards answered wrongly, as many as a pass allows: their words come back for
      // review a minute later (FSRS's first learning step), the others much later.
      const lastWrong = (i: number, total: number) => i >= passMark(total);
      const cards = await answerInLanguage(page, catalogue, language, lastWrong);
      expect(cards).toBe(Math.min(20, lessonOne().words.length * 2));
      const results = page.getByRole('dialog');
      await expect(results.getByRole('heading', { name: t('flashcards.passed') })).toBeVisible();
      await expect(
        results.getByRole('heading', { name: t('flashcards.toPractise') }),
      ).toBeVisible();
      // Read at once: a pass moves on to lesson 2 after 3 s.
      const missed = await results.locator(`li [lang="${language}"]`).allTextContents();
      expect(missed.length).toBeGreaterThanOrEqual(1);
      const seeded = seedMeanings(language).map(([, meaning]) => meaning);
      for (const meaning of missed) expect(seeded).toContain(nfc(meaning));

      // Review, asked in the same language: the words missed in the session are due when their
      // learning step has passed; the poll waits for that minute of real time, not for the
      // machine. (No new items today: the words the session did not draw, and the recall and
      // listening cards the right answers opened, are new items of the mixed review, which
      // practice-review.spec.ts answers.)
      const db = await clientFor(request, email);
      const { data: me } = await db.auth.getUser();
      const limit = await db
        .from('profiles')
        .update({ new_items_per_day: 0 })
        .eq('user_id', me.user?.id ?? '');
      expect(limit.error).toBeNull();
      const reviewCard = page.getByRole('region', {
        name: pattern(catalogue, 'flashcards.cardOf', ['n', 'total']),
      });
      await expect(async () => {
        await page.goto('/review-flashcards');
        await expect(reviewCard).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 180_000, intervals: [10_000] });
      const reviewed = await answerInLanguage(page, catalogue, language);
      expect(reviewed).toBeGreaterThanOrEqual(1);
      expect(reviewed).toBeLessThanOrEqual(Math.min(20, lessonOne().words.length));
      await expect(
        page.getByText(pattern(catalogue, 'review.sessionComplete', ['n'])),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);

      // The translation switch: off by default; on, every line shows its translation under the
      // Hungarian, inside the line that the audio highlights; remembered after a reload.
      await page.getByRole('link', { name: /^1\. / }).click();
      const translations = seedLineTranslations(language);
      const lines = transcriptLines(page, catalogue);
      await expect(lines).toHaveCount(translations.length);
      const toggle = page.getByRole('switch', { name: t('transcript.showTranslations') });
      await expect(toggle).not.toBeChecked();
      await expect(page.getByText(translations[1] ?? '', { exact: true })).toHaveCount(0);
      await toggle.check();
      for (const [index, translation] of translations.entries()) {
        await expect(lines.nth(index).locator(`.line-translation [lang="${language}"]`)).toHaveText(
          translation,
        );
      }
      await lines.nth(2).click();
      await expect(lines.nth(2)).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('li[aria-current="true"]')).toContainText(translations[2] ?? '');
      await page.reload();
      await expect(
        page.getByRole('switch', { name: t('transcript.showTranslations') }),
      ).toBeChecked();
      await expect(transcriptLines(page, catalogue).nth(0)).toContainText(translations[0] ?? '');

      // Choosing another meaning language in the settings stores it on the profile: a second
      // device with an English interface shows meanings in the chosen language.
      await page.goto('/settings');
      await page.getByRole('combobox', { name: t('meanings.label') }).selectOption(other);
      await expect(
        page.getByText(t('meanings.saved', { language: t(`language.${other}`) })),
      ).toBeVisible();
      await expect(page.getByText(t('meanings.followsInterface'))).toHaveCount(0);

      const device = await secondDevice(browser, baseURL ?? '', email);
      const en = (key: TextKey) => translate(english, key);
      await device.goto('/settings');
      await expect(device.getByRole('combobox', { name: en('meanings.label') })).toHaveValue(other);
      await device.goto('/dashboard');
      await device.getByRole('link', { name: /^1\. / }).click();
      const deviceToggle = device.getByRole('switch', { name: en('transcript.showTranslations') });
      await expect(deviceToggle).not.toBeChecked();
      await deviceToggle.check();
      await expect(
        transcriptLines(device, english).nth(1).locator(`.line-translation [lang="${other}"]`),
      ).toHaveText(seedLineTranslations(other)[1] ?? '');
      await device.context().close();
    });
  });
}
