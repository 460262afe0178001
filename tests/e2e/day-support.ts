import type { APIRequestContext, Page } from '@playwright/test';
import type { MessageParams } from '@magyarul/core/messages';
import {
  english,
  translate,
  type FullCatalogue,
  type TextKey,
} from '../../web/src/lib/i18n/catalogue.ts';
import { de } from '../../web/src/lib/i18n/de.ts';
import { es } from '../../web/src/lib/i18n/es.ts';
import { LESSONS } from '../../supabase/seed/content/lessons.ts';
import { DEMO_PASSWORD, anonKey, expect } from './support.ts';

// Shared by the learner's-day specs (issue 29): the interface in one language, signing in in
// it, and a lesson's rows as the seed stored them.

export type Language = 'en' | 'de' | 'es';
const CATALOGUES: Record<Language, FullCatalogue> = { en: english, de, es };

export type Texts = (key: TextKey, params?: MessageParams) => string;

/** The catalogue's texts in `language`. */
export function textsIn(language: Language): Texts {
  return (key, params) => translate(CATALOGUES[language], key, params);
}

/**
 * The tab starts in `language` (as the switcher would have left it); a switch made on a page later
 * is kept across its navigations, as the app keeps it.
 */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => {
    if (sessionStorage.getItem('e2e.language') === lang) return;
    sessionStorage.setItem('e2e.language', lang);
    localStorage.setItem('magyarul.language', lang);
  }, language);
}

/** Signs in through /auth in the page's language and waits for the dashboard. */
export async function signInIn(page: Page, t: Texts, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth.signIn') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export type SeedLine = {
  line_number: number;
  start_time: number;
  end_time: number;
  slow_start_time: number;
};

/** The published lessons' ids by number. */
export async function lessonIds(request: APIRequestContext): Promise<Map<number, string>> {
  const res = await request.get('/rest/v1/lessons?select=id,lesson_number&is_published=eq.true', {
    headers: { apikey: await anonKey(request) },
  });
  const rows = (await res.json()) as { id: string; lesson_number: number }[];
  return new Map(rows.map((row) => [row.lesson_number, row.id]));
}

/** A lesson's line times in the normal and the slow recording, in line order. */
export async function lessonLines(request: APIRequestContext, id: string): Promise<SeedLine[]> {
  const res = await request.get(
    `/rest/v1/lesson_transcript?select=line_number,start_time,end_time,slow_start_time&lesson_id=eq.${id}&order=line_number.asc`,
    { headers: { apikey: await anonKey(request) } },
  );
  return (await res.json()) as SeedLine[];
}

function nfc(text: string): string {
  return text.normalize('NFC').trim();
}

/** One card as the learner saw it: the word it asked (Hungarian) and which way. */
export type AskedCard = { hu: string; toMeaning: boolean; correct: boolean };

/**
 * Every word of the seed in `language` both ways (Hungarian → meanings, meaning → Hungarian), and
 * which lesson word a question stands for.
 */
function seedKey(language: Language) {
  const answers = new Map<string, Set<string>>();
  const wordOf = new Map<string, string>();
  const add = (from: string, to: string) =>
    answers.set(nfc(from), (answers.get(nfc(from)) ?? new Set()).add(nfc(to)));
  for (const lesson of LESSONS) {
    for (const word of lesson.words) {
      const meaning = language === 'en' ? word.en : word[language];
      add(word.hu, meaning);
      add(meaning, word.hu);
      wordOf.set(nfc(word.hu), nfc(word.hu));
      if (!wordOf.has(nfc(meaning))) wordOf.set(nfc(meaning), nfc(word.hu));
    }
  }
  return { answers, wordOf };
}

/** "Card n of total" in the page's language, any numbers. */
export function cardLabel(t: Texts): RegExp {
  const text = t('flashcards.cardOf', { n: '@n@', total: '@total@' });
  const source = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('@n@', '\\d+')
    .replace('@total@', '\\d+');
  return new RegExp(`^${source}$`);
}

/** The Hungarian words of a seed lesson (NFC). */
export function seedLessonWords(number: number): string[] {
  const lesson = LESSONS.find((l) => l.number === number);
  if (!lesson) throw new Error(`the seed has no lesson ${number}`);
  return lesson.words.map((w) => nfc(w.hu));
}

/**
 * Answers every card of the running session with the keyboard, rightly when `correct(i)` says
 * so, and returns what each card asked.
 */
export async function walkSession(
  page: Page,
  t: Texts,
  language: Language,
  correct: (index: number) => boolean,
): Promise<AskedCard[]> {
  const { answers, wordOf } = seedKey(language);
  const card = page.getByRole('region', { name: cardLabel(t) });
  await expect(card).toBeVisible();
  const label = (await card.getAttribute('aria-label')) ?? '';
  const total = Number(/(\d+)\D*$/.exec(label)?.[1] ?? '0');
  expect(total).toBeGreaterThan(0);
  const asked: AskedCard[] = [];
  for (let i = 0; i < total; i++) {
    await expect(card).toHaveAttribute('aria-label', t('flashcards.cardOf', { n: i + 1, total }));
    const question = nfc((await card.getByRole('heading', { level: 2 }).textContent()) ?? '');
    const options = card.getByRole('listitem').getByRole('button');
    const texts = (await options.allTextContents()).map((text) => nfc(text.replace(/^\d/, '')));
    const expected = answers.get(question) ?? new Set<string>();
    const right = texts.findIndex((text) => expected.has(text));
    expect(right, `answer of "${question}" among ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
    const hu = wordOf.get(question);
    if (!hu) throw new Error(`"${question}" is no word of the seed`);
    const good = correct(i);
    asked.push({ hu, toMeaning: hu === question, correct: good });
    const pick = good ? right : (right + 1) % texts.length;
    await page.keyboard.press(String(pick + 1));
    await expect(options.nth(pick)).toBeDisabled();
    await page.keyboard.press('Enter');
  }
  return asked;
}

/** Seeks the lesson's audio to 99.5 %, which counts as listened, and waits for the toast. */
export async function finishAudio(page: Page, t: Texts): Promise<void> {
  const seek = page.getByRole('slider', { name: t('audio.seek') });
  await expect(seek).toBeEnabled();
  const max = Number(await seek.getAttribute('max'));
  expect(max).toBeGreaterThan(0);
  await seek.fill(String(Math.ceil(max * 0.995 * 10) / 10));
  await expect(page.getByText(t('lesson.audioCompleted'))).toBeVisible();
}

export type Resumed = { clicked: number; time: number; line: number };

/**
 * The line being heard when the next click lands (the version button), then where the audio is
 * and which line is current when it starts playing again.
 */
export function whenPlayingAgain(page: Page): Promise<Resumed> {
  return page.evaluate(
    () =>
      new Promise<Resumed>((resolve, reject) => {
        setTimeout(() => reject(new Error('the audio did not play on')), 10_000);
        const audio = document.querySelector('audio');
        const current = () =>
          Array.from(document.querySelectorAll('ol.transcript .transcript-line')).findIndex(
            (b) => b.getAttribute('aria-current') === 'true',
          );
        let clicked = -1;
        document.addEventListener('click', () => (clicked = current()), {
          capture: true,
          once: true,
        });
        audio?.addEventListener(
          'playing',
          () => resolve({ clicked, time: audio.currentTime, line: current() }),
          { once: true },
        );
      }),
  );
}
