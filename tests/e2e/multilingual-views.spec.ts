import type { Page } from '@playwright/test';
import { LESSON_FALLBACK_WORDS } from '@magyarul/core/flashcards';
import { TOURIST_PACK } from '../../supabase/seed/content/tourist-pack.ts';
import { english, translate, type FullCatalogue } from '../../web/src/lib/i18n/catalogue.ts';
import { de } from '../../web/src/lib/i18n/de.ts';
import { es } from '../../web/src/lib/i18n/es.ts';
import { DEMO_WORDS } from '../../web/src/lib/demo-content.ts';
import { expect, signIn, test } from './support.ts';
import { learnerClient, makeLesson, serviceClient } from './admin/admin-support.ts';

// Issue 11 point 2, the views multilingual.spec.ts does not walk: the demo flashcards and the
// tourist-pack list in German and Spanish, and the discreet English fallback where a meaning
// has not been translated yet (never a blank or duplicate option).

type Language = 'de' | 'es';
const CATALOGUES: Record<Language, FullCatalogue> = { de, es };

const nfc = (text: string) => text.normalize('NFC').trim();

/** The four option texts of the card on screen, without their keyboard digit. */
async function optionTexts(page: Page, catalogue: FullCatalogue): Promise<string[]> {
  const card = page.getByRole('region', { name: cardName(catalogue) });
  const options = card.getByRole('listitem').getByRole('button');
  return (await options.allTextContents()).map((t) => nfc(t.replace(/^\d/, '')));
}

function cardName(catalogue: FullCatalogue): RegExp {
  const sample = translate(catalogue, 'flashcards.cardOf', { n: 9991, total: 9992 });
  const source = sample
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('9991', '\\d+')
    .replace('9992', '\\d+');
  return new RegExp(`^${source}$`);
}

/** Answers every card with option 1, calling `inspect` on each before answering. */
async function walkCards(
  page: Page,
  catalogue: FullCatalogue,
  inspect: (question: string, options: string[]) => Promise<void> | void,
): Promise<number> {
  const card = page.getByRole('region', { name: cardName(catalogue) });
  await expect(card).toBeVisible();
  // Until no card is left: the review brings a missed card back later in the session.
  const labelNow = async () =>
    (await card.count()) === 0
      ? null
      : card.getAttribute('aria-label', { timeout: 1000 }).catch(() => null);
  let seen = 0;
  for (let label = await labelNow(); label !== null; label = await labelNow()) {
    const question = nfc((await card.getByRole('heading', { level: 2 }).textContent()) ?? '');
    await inspect(question, await optionTexts(page, catalogue));
    await page.keyboard.press('1');
    await expect(card.getByRole('listitem').getByRole('button').first()).toBeDisabled();
    await page.keyboard.press('Enter');
    seen += 1;
    const before = label;
    await expect(async () => expect(await labelNow()).not.toBe(before)).toPass();
  }
  return seen;
}

for (const language of ['de', 'es'] as const) {
  test(`the demo flashcards ask and answer in ${language === 'de' ? 'German' : 'Spanish'}`, async ({
    page,
  }) => {
    const catalogue = CATALOGUES[language];
    await page.addInitScript((lang) => localStorage.setItem('magyarul.language', lang), language);
    await page.goto('/lesson-demo');
    await page
      .getByRole('button', { name: translate(catalogue, 'lesson.markCompleteDemo') })
      .click();
    await page.getByRole('tab', { name: translate(catalogue, 'lesson.tab.flashcards') }).click();
    const meanings = new Set(DEMO_WORDS.map((w) => nfc(w[`word_${language}`] ?? '')));
    const englishMeanings = new Set(DEMO_WORDS.map((w) => nfc(w.word_en)));
    const hungarian = new Set(DEMO_WORDS.map((w) => nfc(w.word_hu)));
    const fillers = new Set(LESSON_FALLBACK_WORDS.map((f) => nfc(f[language])));
    const fillerHu = new Set(LESSON_FALLBACK_WORDS.map((f) => nfc(f.hu)));
    let meaningCards = 0;
    await walkCards(page, catalogue, (question, options) => {
      expect(options).toHaveLength(4);
      expect(new Set(options).size, options.join(' | ')).toBe(4);
      for (const option of options) expect(option).not.toBe('');
      if (hungarian.has(question)) {
        meaningCards += 1;
        // Every option is a meaning in the learner's language, none of them English.
        for (const option of options) {
          expect(meanings.has(option) || fillers.has(option), `"${option}"`).toBe(true);
          if (!meanings.has(option)) expect(englishMeanings.has(option), `"${option}"`).toBe(false);
        }
      } else {
        expect(meanings.has(question), `"${question}" is a ${language} meaning`).toBe(true);
        for (const option of options)
          expect(hungarian.has(option) || fillerHu.has(option), `"${option}"`).toBe(true);
      }
    });
    expect(meaningCards).toBeGreaterThan(0);
  });
}

test('the tourist pack lists its words with their Spanish meanings', async ({ page, request }) => {
  const learner = await learnerClient(request);
  const chosen = await learner.db
    .from('profiles')
    .update({ meaning_language: 'es' })
    .eq('user_id', learner.userId);
  expect(chosen.error).toBeNull();
  await signIn(page, learner.email);
  await page.getByText(translate(english, 'touristPack.showWords')).click();
  const items = page.locator('.pack-words li');
  await expect(items).toHaveCount(TOURIST_PACK.length);
  for (const index of [0, 2, 3, 10, TOURIST_PACK.length - 1]) {
    const [hu, en, , spanish] = TOURIST_PACK[index];
    const item = items.nth(index);
    await expect(item.locator('.pack-hu')).toHaveText(hu);
    await expect(item.locator('.pack-meaning')).toHaveText(spanish);
    if (nfc(spanish) !== nfc(en)) await expect(item).not.toContainText(en);
  }
  // Every pack word is translated: no English fallback tag anywhere in the list.
  await expect(page.locator('.pack-words .fallback-tag')).toHaveCount(0);
});

test('a word without a German meaning shows its English one, discreetly marked, with distractors in the same language', async ({
  page,
  request,
}) => {
  const service = serviceClient();
  // A published lesson whose two words (alma/apple, kenyér/bread) have English meanings only.
  const lesson = await makeLesson(service, { published: true });
  const words = await service.from('lesson_vocabulary').select('id').eq('lesson_id', lesson.id);
  expect(words.error).toBeNull();
  expect(words.data).toHaveLength(2);
  const learner = await learnerClient(request);
  const chosen = await learner.db
    .from('profiles')
    .update({ meaning_language: 'de' })
    .eq('user_id', learner.userId);
  expect(chosen.error).toBeNull();
  // The lesson passed and its words due: arranged with the service role (a learner cannot
  // complete a lesson this far down the unlock order by hand).
  const progress = await service.from('user_lesson_progress').upsert(
    {
      user_id: learner.userId,
      lesson_id: lesson.id,
      is_completed: true,
      audio_completed: true,
      flashcard_accuracy: 100,
    },
    { onConflict: 'user_id,lesson_id' },
  );
  expect(progress.error).toBeNull();
  // (Completing the lesson may already have made the rows: upsert.)
  const due = await service.from('user_vocabulary_progress').upsert(
    (words.data ?? []).map((w) => ({
      user_id: learner.userId,
      vocabulary_id: w.id,
      due: new Date(Date.now() - 3_600_000).toISOString(),
      state: 2,
      reps: 1,
      stability: 1,
      difficulty: 5,
      times_seen: 1,
      times_correct: 1,
      last_review: new Date(Date.now() - 86_400_000).toISOString(),
    })),
    { onConflict: 'user_id,vocabulary_id,skill' },
  );
  expect(due.error).toBeNull();

  await signIn(page, learner.email);
  await page.goto('/review-flashcards');
  const note = translate(english, 'meanings.fallback.de');
  const englishFillers = new Set(LESSON_FALLBACK_WORDS.map((f) => nfc(f.en)));
  let noted = 0;
  await walkCards(page, english, async (question, options) => {
    expect(new Set(options).size, options.join(' | ')).toBe(4);
    for (const option of options) expect(option).not.toBe('');
    const card = page.getByRole('region', { name: cardName(english) });
    if (question === 'alma' || question === 'kenyér') {
      // The English meaning stands in, the card says so, and the distractors are drawn in the
      // answer's language (English), so the right answer does not stand out.
      const answer = question === 'alma' ? 'apple' : 'bread';
      expect(options, options.join(' | ')).toContain(answer);
      await expect(card.getByText(note, { exact: true })).toBeVisible();
      await expect(
        card.getByText(translate(english, 'flashcards.prompt.hu', { language: 'English' })),
      ).toBeVisible();
      for (const option of options)
        expect(englishFillers.has(option) || option === 'apple' || option === 'bread', option).toBe(
          true,
        );
      noted += 1;
    } else {
      // A card asking for the Hungarian: its question is the English stand-in, marked too.
      await expect(card.getByText(note, { exact: true })).toBeVisible();
      noted += 1;
    }
  });
  // Both words came up, whichever way each card asked (the direction is drawn per card).
  expect(noted).toBeGreaterThanOrEqual(2);
});
