import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLesson,
  badTokens,
  completeLesson,
  startFunctionsFixture,
} from '../../../tests/functions/fixture.ts';
import type { Env, FunctionsFixture, TestUser } from '../../../tests/functions/fixture.ts';
import { handler } from './handler.ts';
import { handler as unsubscribe } from '../unsubscribe-reminders/handler.ts';

type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  headers: Record<string, string>;
};

// The words of the lesson come due at 12:00 UTC on 1 December; Berlin is UTC+1 then.
const DUE = '2026-12-01T12:00:00Z';

describe('send-reminders', () => {
  let fx: FunctionsFixture;
  let anna: TestUser;
  let bence: TestUser;
  let mailEnv: Env;

  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await fetch(`${fx.server.url}/_dev/mail.json?to=${encodeURIComponent(to)}`);
    return (await res.json()) as OutboxMail[];
  }

  async function send(now: string, token = fx.env.SUPABASE_SERVICE_ROLE_KEY, env = mailEnv) {
    const res = await fx.call(handler, { now }, token, 'POST', env);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    fx = await startFunctionsFixture();
    mailEnv = {
      MAIL_API_URL: `${fx.server.url}/_dev/mail/send`,
      MAIL_API_KEY: fx.env.SUPABASE_SERVICE_ROLE_KEY,
      MAIL_FROM: 'Magyarul <reminders@magyarul.test>',
      SITE_URL: 'https://app.magyarul.test/',
    };
    anna = await fx.signUp('anna@test.local');
    bence = await fx.signUp('bence@test.local');
    const lesson = await addLesson(fx, 1, [
      ['szia', 'hi'],
      ['kávé', 'coffee'],
    ]);
    for (const user of [anna, bence]) {
      await completeLesson(fx, user, lesson.lessonId, new Date(DUE));
      const settings = await fx.service
        .from('profiles')
        .update({ time_zone: 'Europe/Berlin', reminder_hour: 18, interface_language: 'de' })
        .eq('user_id', user.id);
      if (settings.error) throw settings.error;
    }
    // Bence's words are not due until the 10th: no reminder for him.
    const later = await fx.service
      .from('user_vocabulary_progress')
      .update({ due: '2026-12-10T12:00:00Z' })
      .eq('user_id', bence.id);
    if (later.error) throw later.error;
  }, 120_000);

  afterAll(async () => {
    await fx?.stop();
  });

  it('returns 403 to a learner and to the anon key, and 401 to a forged token', async () => {
    expect(await send('2026-12-01T17:30:00Z', anna.token)).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(await send('2026-12-01T17:30:00Z', fx.env.SUPABASE_ANON_KEY)).toMatchObject({
      status: 403,
    });
    const forged = badTokens(fx.server.ctx.keys.jwtSecret, anna).forged;
    expect((await send('2026-12-01T17:30:00Z', forged)).status).toBe(401);
    expect(await outbox(anna.email)).toEqual([]);
  });

  it('returns no reminder before the chosen local hour', async () => {
    // 16:59 UTC is 17:59 in Berlin.
    expect(await send('2026-12-01T16:59:00Z')).toEqual({
      status: 200,
      body: { claimed: 0, sent: 0, failed: 0 },
    });
  });

  it('returns 500 without the mail secrets, claiming nobody', async () => {
    const res = await send('2026-12-01T17:05:00Z', fx.env.SUPABASE_SERVICE_ROLE_KEY, {});
    expect(res).toMatchObject({ status: 500, body: { code: 'not_configured' } });
  });

  it('returns the claim released when the mail service refuses, and sends on the next run', async () => {
    const refusing = { ...mailEnv, MAIL_API_KEY: 'not-the-key' };
    expect(await send('2026-12-01T17:05:00Z', undefined, refusing)).toEqual({
      status: 200,
      body: { claimed: 1, sent: 0, failed: 1 },
    });
    expect(await send('2026-12-01T17:10:00Z')).toEqual({
      status: 200,
      body: { claimed: 1, sent: 1, failed: 0 },
    });
  });

  it('returns the German reminder with a one-click unsubscribe, once per local day', async () => {
    const mails = await outbox(anna.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('2 Wörter warten auf dich');
    expect(mail?.text).toContain('https://app.magyarul.test/review-flashcards');
    expect(
      mail?.links.some((l) => l.startsWith('https://app.magyarul.test/unsubscribe?token=')),
    ).toBe(true);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${fx.server.url}/functions/v1/unsubscribe-reminders\\?token=[0-9a-f-]{36}>$`),
    );
    expect(await outbox(bence.email)).toEqual([]);
    // Later the same day: nothing more.
    expect((await send('2026-12-01T21:00:00Z')).body).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });

  it('returns unsubscribed for the mail token only (RFC 8058 POST, no sign-in)', async () => {
    const header = (await outbox(anna.email))[0]?.headers['List-Unsubscribe'] ?? '';
    const url = header.slice(1, -1);
    const oneClick = (target: string) =>
      unsubscribe(
        new Request(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
        fx.env,
      );
    const forged = await oneClick(url.replace(/token=.*/, `token=${crypto.randomUUID()}`));
    expect(await forged.json()).toEqual({ unsubscribed: false });
    const bad = await oneClick(url.replace(/token=.*/, 'token=../../profiles'));
    expect(bad.status).toBe(400);
    const real = await oneClick(url);
    expect(await real.json()).toEqual({ unsubscribed: true });
    const { data } = await fx.service
      .from('profiles')
      .select('user_id, reminder_hour')
      .in('user_id', [anna.id, bence.id]);
    expect(Object.fromEntries((data ?? []).map((p) => [p.user_id, p.reminder_hour]))).toEqual({
      [anna.id]: null,
      [bence.id]: 18,
    });
    // The next day Anna, unsubscribed, gets nothing.
    expect((await send('2026-12-02T17:30:00Z')).body).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });
});
