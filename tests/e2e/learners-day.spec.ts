import type { APIRequestContext, Page } from '@playwright/test';
import { serviceClient, serviceRoleKey } from './admin/admin-support.ts';
import { createLearner, expect, test } from './support.ts';
import {
  finishAudio,
  lessonIds,
  signInIn,
  textsIn,
  useLanguage,
  walkSession,
  type Language,
  type Texts,
} from './day-support.ts';

// Issue 29 points 2, 3 and 7: the dashboard's Today card (the words due start the review,
// Continue opens the next open lesson, the daily goal's progress moves with the answers, and
// after a review it says when the next words come due), achievements when earned, and the
// daily reminder e-mail at the chosen hour (the send-reminders function called as the scheduler
// does, with a fake clock) with its unsubscribe. At 390×844 in German and 1440×900 in Spanish.
// Serial: the reminder claim covers every learner whose hour has come, so the two learners'
// fake clocks must not run at once.

type OutboxMail = { to: string; subject: string; links: string[]; headers: Record<string, string> };

/** The moment `hour:minute` local time in `zone`, `days` after today (zone's calendar). */
function localInstant(zone: string, days: number, hour: number, minute: number): Date {
  const day = new Date(Date.now() + days * 86_400_000);
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone })
    .format(day)
    .split('-')
    .map(Number);
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hour, minute);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return new Date(guess - (shown - guess));
}

async function runScheduler(request: APIRequestContext, now: Date): Promise<void> {
  const res = await request.post('/functions/v1/send-reminders', {
    headers: { authorization: `Bearer ${serviceRoleKey()}` },
    data: { now: now.toISOString() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function mailsTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as OutboxMail[]).filter((m) => m.headers['List-Unsubscribe']);
}

/** The learner's words due now (as time passing would make them: the FSRS steps are minutes). */
async function makeDue(email: string, count: number): Promise<void> {
  const db = serviceClient();
  const users = await db.auth.admin.listUsers({ perPage: 1000 });
  const user = users.data.users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const words = await db
    .from('user_vocabulary_progress')
    .select('id')
    .eq('user_id', user.id)
    // Answered cards (a right answer also opens recall and listening, not yet asked: new items).
    .eq('skill', 'recognition')
    .order('id')
    .limit(count);
  if (words.error) throw words.error;
  const moved = await db
    .from('user_vocabulary_progress')
    .update({ due: new Date(Date.now() - 60_000).toISOString() })
    .in(
      'id',
      words.data.map((w) => w.id),
    );
  if (moved.error) throw moved.error;
}

function goalText(t: Texts, done: number, goal: number): string {
  return t('today.goalProgress', { done: String(done), goal });
}

/** Lesson 1 from the Today card's Continue: audio, then a passing session (all right). */
async function passFirstLesson(page: Page, t: Texts, language: Language, lesson1: string) {
  const today = page.getByRole('region', { name: t('today.title') });
  const continueLink = today.getByRole('link', { name: new RegExp(`^${t('today.continue')} `) });
  await expect(continueLink).toHaveAttribute('href', `/lesson/${lesson1}`);
  await continueLink.click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${lesson1}$`));
  await finishAudio(page, t);
  await page.getByRole('tab', { name: t('lesson.tab.flashcards') }).click();
  const asked = await walkSession(page, t, language, () => true);
  await expect(page.getByRole('dialog', { name: t('flashcards.passed') })).toBeVisible();
  return asked.length;
}

async function walkTheDay(
  page: Page,
  language: Language,
  viewport: { width: number; height: number },
  reminder: { hour: number; zone: string; days: number; oneClick: boolean },
) {
  test.slow();
  await page.setViewportSize(viewport);
  const t = textsIn(language);
  const size = `${viewport.width}x${viewport.height}-${language}`;
  await useLanguage(page, language);
  const email = await createLearner(page.request);
  await signInIn(page, t, email);
  const ids = await lessonIds(page.request);
  const today = page.getByRole('region', { name: t('today.title') });

  // A new learner: nothing due, no answers yet, Continue goes to lesson 1 (not the demo).
  await expect(today.getByText(t('today.noneDue'))).toBeVisible();
  await expect(today.getByText(goalText(t, 0, 20))).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /demo/i })).toHaveCount(0);
  await expect(page.getByText(t('achievements.none'))).toBeVisible();

  const cards = await passFirstLesson(page, t, language, ids.get(1) ?? '');
  await page.goto('/dashboard');
  // The session's answers count for today; Continue moves on to lesson 2; an achievement.
  await expect(today.getByText(goalText(t, cards, 20))).toBeVisible();
  await expect(
    today.getByRole('link', { name: new RegExp(`^${t('today.continue')} `) }),
  ).toHaveAttribute('href', `/lesson/${ids.get(2)}`);
  const achievements = page.getByRole('region', { name: t('achievements.title') });
  await expect(achievements.getByText(t('achievement.first_lesson'))).toBeVisible();
  // Nothing due right after the lesson: it says when the next words come.
  await expect(today.getByText(t('today.noneDue'))).toBeVisible();
  await expect(today.getByText(new RegExp(t('today.nextDue', { when: '.+' })))).toBeVisible();

  // Three words come due: the card's count, and tapping it starts the review.
  await makeDue(email, 3);
  await page.reload();
  const due = today.getByRole('link', { name: new RegExp(`^${t('today.due', { n: 3 })}`) });
  await expect(due).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`dashboard-${size}.png`), fullPage: true });
  await due.click();
  await expect(page).toHaveURL(/\/review-flashcards$/);
  const reviewed = await walkSession(page, t, language, () => true);
  expect(reviewed).toHaveLength(3);
  await page.goto('/dashboard');
  await expect(today.getByText(goalText(t, cards + 3, 20))).toBeVisible();
  await expect(today.getByText(t('today.noneDue'))).toBeVisible();
  await expect(today.getByText(new RegExp(t('today.nextDue', { when: '.+' })))).toBeVisible();

  // Settings: a goal of 10 (met today) and a reminder at the chosen hour.
  await today.getByRole('link', { name: t('today.changeGoal') }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const goal = page.getByLabel(t('settings.goal.label'));
  await goal.selectOption('10');
  await expect(page.getByText(t('settings.saved')).first()).toBeVisible();
  const hour = page.getByLabel(t('settings.reminder.hour'));
  await hour.selectOption(String(reminder.hour));
  await expect(hour).toHaveValue(String(reminder.hour));
  await expect(page.getByText(t('settings.reminder.help', { zone: reminder.zone }))).toBeVisible();
  await expect(page.getByRole('button', { name: t('settings.notify.enable') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`settings-${size}.png`), fullPage: true });
  await page.goto('/dashboard');
  await expect(today.getByText(goalText(t, cards + 3, 10))).toBeVisible();
  await expect(today.getByText(t('today.goalMet'))).toBeVisible();

  // The scheduler's run just before the hour sends nothing; just after it, the mail in the
  // learner's language; a later run that day nothing more.
  await runScheduler(
    page.request,
    localInstant(reminder.zone, reminder.days, reminder.hour - 1, 55),
  );
  expect(await mailsTo(page.request, email)).toEqual([]);
  await runScheduler(page.request, localInstant(reminder.zone, reminder.days, reminder.hour, 5));
  await runScheduler(
    page.request,
    localInstant(reminder.zone, reminder.days, reminder.hour + 2, 0),
  );
  const mails = await mailsTo(page.request, email);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  const n = Number(/\d+/.exec(mail?.subject ?? '')?.[0]);
  expect(n).toBeGreaterThan(0);
  expect(mail?.subject).toBe(
    language === 'de'
      ? n === 1
        ? '1 Wort wartet auf dich'
        : `${n} Wörter warten auf dich`
      : n === 1
        ? '1 palabra te espera'
        : `${n} palabras te esperan`,
  );
  expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  if (reminder.oneClick) {
    // The mail client's RFC 8058 one-click POST, no sign-in.
    const url = (mail?.headers['List-Unsubscribe'] ?? '').slice(1, -1);
    const res = await page.request.post(url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(await res.json()).toEqual({ unsubscribed: true });
  } else {
    // The link in the mail, opened in a browser that is not signed in.
    const link = mail?.links.find((l) => l.includes('/unsubscribe?token=')) ?? '';
    const stranger = await page.context().browser()?.newPage();
    if (!stranger) throw new Error('no browser');
    await useLanguage(stranger, language);
    await stranger.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(stranger.getByText(t('unsubscribe.done'))).toBeVisible();
    await stranger.close();
  }
  await page.goto('/settings');
  await expect(page.getByLabel(t('settings.reminder.hour'))).toHaveValue('off');
  // Unsubscribed: the next day's run sends nothing.
  await runScheduler(
    page.request,
    localInstant(reminder.zone, reminder.days + 1, reminder.hour, 5),
  );
  expect(await mailsTo(page.request, email)).toHaveLength(1);
}

test.describe('the learner’s day', () => {
  test.describe.configure({ mode: 'serial' });

  test.describe('phone, German', () => {
    test.use({ timezoneId: 'Europe/Berlin' });
    test('Today card, goal, achievement, reminder at 07:00 and the mail’s unsubscribe link', async ({
      page,
    }) => {
      await walkTheDay(
        page,
        'de',
        { width: 390, height: 844 },
        {
          hour: 7,
          zone: 'Europe/Berlin',
          days: 10,
          oneClick: false,
        },
      );
    });
  });

  test.describe('desktop, Spanish', () => {
    test.use({ timezoneId: 'Europe/Madrid' });
    test('Today card, goal, achievement, reminder at 20:00 and the one-click unsubscribe', async ({
      page,
    }) => {
      await walkTheDay(
        page,
        'es',
        { width: 1440, height: 900 },
        {
          hour: 20,
          zone: 'Europe/Madrid',
          days: 11,
          oneClick: true,
        },
      );
    });
  });
});
