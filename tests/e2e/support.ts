import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'magyarul-demo';
export const DEMO_LEARNER = 'learner@magyarul.local';
export const DEMO_ADMIN = 'admin@magyarul.local';

type Mail = { to: string; subject: string; text: string; links: string[]; created_at: string };

let counter = 0;
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function anonKey(request: APIRequestContext): Promise<string> {
  const info = (await (await request.get('/_dev/info')).json()) as { anonKey: string };
  return info.anonKey;
}

/** The newest mail to `to` from the dev outbox (polls: mail is written after the response). */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  subject?: RegExp,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as Mail[];
        found = mails.find((m) => m.to === to && (!subject || subject.test(m.subject)));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

export function linkIn(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/verify'));
  if (!link) throw new Error(`no verify link in mail "${mail.subject}"`);
  return link;
}

/** A confirmed learner created through the public sign-up and the outbox link. */
export async function createLearner(
  request: APIRequestContext,
  name = 'E2E Learner',
): Promise<string> {
  const email = uniqueEmail('learner');
  const key = await anonKey(request);
  const res = await request.post('/auth/v1/signup', {
    headers: { apikey: key, authorization: `Bearer ${key}` },
    data: { email, password: DEMO_PASSWORD, data: { name } },
  });
  expect(res.ok()).toBe(true);
  const link = linkIn(await latestMail(request, email));
  const confirm = await request.get(link, { maxRedirects: 0 });
  expect(confirm.status()).toBe(303);
  return email;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Every test: English interface and native dialogs answered, so nothing blocks the page. */
export const test = base.extend({
  page: async ({ page }, use) => {
    page.on('dialog', (dialog) => void dialog.dismiss());
    await page.addInitScript(() => {
      if (!localStorage.getItem('magyarul.language'))
        localStorage.setItem('magyarul.language', 'en');
    });
    await use(page);
  },
});

export { expect };

type Word = { word_hu: string; word_en: string };

/** Hungarian → English and English → Hungarian for every word (a word may have several). */
export async function vocabularyMap(request: APIRequestContext): Promise<Map<string, Set<string>>> {
  const key = await anonKey(request);
  const res = await request.get('/rest/v1/lesson_vocabulary?select=word_hu,word_en', {
    headers: { apikey: key },
  });
  const words = (await res.json()) as Word[];
  const map = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    const k = from.normalize('NFC');
    map.set(k, (map.get(k) ?? new Set()).add(to.normalize('NFC')));
  };
  for (const w of words) {
    add(w.word_hu, w.word_en);
    add(w.word_en, w.word_hu);
  }
  return map;
}

/**
 * Answers every card of the running session with the keyboard (digit, then Enter) and returns
 * how many answers it took. `correct(i)` decides per answer whether to pick the right option.
 * The session may grow as it goes (the review brings a missed card back later): it is answered
 * until no card is left.
 */
export async function answerAllCards(
  page: Page,
  answers: Map<string, Set<string>>,
  correct: (index: number) => boolean,
): Promise<number> {
  const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
  await expect(card).toBeVisible();
  const labelNow = async () =>
    (await card.count()) === 0
      ? null
      : card.getAttribute('aria-label', { timeout: 1000 }).catch(() => null);
  let answered = 0;
  for (let label = await labelNow(); label !== null; label = await labelNow()) {
    await answerCard(page, answers, label, correct(answered));
    answered += 1;
    const before = label;
    await expect(async () => expect(await labelNow()).not.toBe(before)).toPass();
  }
  return answered;
}

/**
 * Answers the card labelled `label` with the keyboard (digit, then Enter): the right option when
 * `correct`, else another one. Returns the card's question (NFC).
 */
export async function answerCard(
  page: Page,
  answers: Map<string, Set<string>>,
  label: string,
  correct = true,
): Promise<string> {
  const card = page.getByRole('region', { name: /^Card \d+ of \d+$/ });
  await expect(card).toHaveAttribute('aria-label', label);
  const question = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').normalize(
    'NFC',
  );
  const options = card.getByRole('listitem').getByRole('button');
  const texts = (await options.allTextContents()).map((t) =>
    t.replace(/^\d/, '').trim().normalize('NFC'),
  );
  const expected = answers.get(question) ?? new Set<string>();
  const right = texts.findIndex((text) => expected.has(text));
  expect(right, `answer of "${question}" among ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const pick = correct ? right : (right + 1) % texts.length;
  await page.keyboard.press(String(pick + 1));
  await expect(options.nth(pick)).toBeDisabled();
  await page.keyboard.press('Enter');
  return question;
}
