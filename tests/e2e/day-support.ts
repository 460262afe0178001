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

/** Every page of this test opens in `language` (as the switcher would have left it). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('magyarul.language', lang), language);
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
