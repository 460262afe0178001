import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  callFunction,
  forgeSubject,
  startSecurityServer,
  type Learner,
  type SecurityServer,
} from './progress-fixture.ts';

// The learner's day (issue 29 points 2, 3, 7) attacked through the API as a browser can: another
// learner's reminder and goal, the server's own columns (the day of the last reminder, the
// unsubscribe secret), achievements granted by hand, the reminder claim and the sending
// function called by a learner or anonymously, forged unsubscribe tokens, and mail written into
// the outbox by anyone but the service role.

describe.each(BACKENDS)('the learner’s day under attack on %s', (backend) => {
  let server: SecurityServer;
  let anna: Learner;
  let mallory: Learner;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
    anna = await server.signUp('anna');
    mallory = await server.signUp('mallory');
    const chosen = await anna.db
      .from('profiles')
      .update({ reminder_hour: 8, daily_goal: 30 })
      .eq('user_id', anna.id);
    if (chosen.error) throw chosen.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function annasProfile() {
    const { data, error } = await server.service
      .from('profiles')
      .select('reminder_hour, daily_goal, reminded_on, reminder_unsubscribe_token')
      .eq('user_id', anna.id)
      .single();
    if (error) throw error;
    return data;
  }

  it('refuses another learner’s reminder and goal, and reading their unsubscribe secret', async () => {
    const before = await annasProfile();
    const write = await mallory.db
      .from('profiles')
      .update({ reminder_hour: null, daily_goal: 10 })
      .eq('user_id', anna.id)
      .select('user_id');
    expect(write.data ?? []).toEqual([]);
    const read = await mallory.db
      .from('profiles')
      .select('reminder_unsubscribe_token')
      .eq('user_id', anna.id);
    expect(read.data ?? []).toEqual([]);
    expect(await annasProfile()).toEqual(before);
  });

  it('refuses a learner writing the server’s columns of their own profile', async () => {
    const before = await annasProfile();
    for (const change of [
      { reminded_on: '2099-01-01' },
      { reminder_unsubscribe_token: randomUUID() },
    ]) {
      const res = await anna.db.from('profiles').update(change).eq('user_id', anna.id);
      expect(res.error?.code).toBe('42501');
    }
    expect(await annasProfile()).toEqual(before);
  });

  it('refuses achievements granted by hand, and reading another learner’s', async () => {
    const granted = await mallory.db
      .from('user_achievements')
      .insert({ user_id: mallory.id, achievement: 'ten_lessons' });
    expect(granted.error?.code).toBe('42501');
    const awarded = await mallory.db.rpc('award_achievements', {
      _user_id: mallory.id,
      _at: new Date().toISOString(),
    });
    expect(awarded.error).not.toBeNull();
    await server.service
      .from('user_achievements')
      .insert({ user_id: anna.id, achievement: 'first_lesson' })
      .throwOnError();
    const others = await mallory.db.from('user_achievements').select('achievement');
    expect(others.data).toEqual([]);
    const anonymous = await server.anon.from('user_achievements').select('achievement');
    expect(anonymous.data ?? []).toEqual([]);
  });

  it('refuses the reminder claim and the sending function to learners and visitors', async () => {
    for (const db of [mallory.db, server.anon]) {
      const claim = await db.rpc('claim_reminders', {});
      expect(claim.error?.code).toBe('42501');
    }
    for (const token of [mallory.token, null]) {
      const sent = await callFunction(server, 'send-reminders', {}, token);
      expect(sent).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    }
    const forged = await callFunction(
      server,
      'send-reminders',
      {},
      forgeSubject(mallory.token, anna.id),
    );
    expect(forged.status).toBe(401);
    expect((await annasProfile()).reminded_on).toBeNull();
  });

  it('refuses forged unsubscribe tokens: nobody’s reminder changes', async () => {
    for (const token of [randomUUID(), anna.id, '00000000-0000-0000-0000-000000000000']) {
      const res = await fetch(`${server.url}/functions/v1/unsubscribe-reminders?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(await res.json()).toEqual({ unsubscribed: false });
    }
    const injected = await fetch(
      `${server.url}/functions/v1/unsubscribe-reminders?token=x'%20or%20true--`,
      { method: 'POST' },
    );
    expect(injected.status).toBe(400);
    expect((await annasProfile()).reminder_hour).toBe(8);
  });

  it('refuses mail written into the outbox without the service role key', async () => {
    const message = { to: anna.email, subject: 'Reset your password here', text: 'http://evil' };
    for (const key of [server.anonKey, mallory.token, 'nothing']) {
      const res = await fetch(`${server.url}/_dev/mail/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
      });
      expect(res.status).toBe(401);
    }
    const outbox = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(anna.email)}`);
    const subjects = ((await outbox.json()) as { subject: string }[]).map((m) => m.subject);
    expect(subjects).not.toContain(message.subject);
  });

  it('returns only the caller’s own day', async () => {
    const day = await mallory.db.rpc('get_today', {});
    expect(day.data).toEqual([
      expect.objectContaining({ due_count: 0, answered_today: 0, daily_goal: 20 }),
    ]);
    const anonymous = await server.anon.rpc('get_today', {});
    expect(anonymous.error).not.toBeNull();
  });
});
