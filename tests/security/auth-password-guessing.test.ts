import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, confirmedAccount } from './support/auth-client.ts';
import { startAppServer, type AppServer } from './support/server.ts';

// Finding (major): 300 wrong passwords against one account at 64/s, all answered 400, no 429;
// the right password then worked. Now, with config.toml's defaults: after 5 wrong passwords for
// one account from one address that address waits (429 over_request_rate_limit, Retry-After,
// the wait in the message), longer after each further failure; the owner elsewhere is never
// locked out; and one address gets 30 password sign-ins per 5 minutes over all accounts.

describe('guessing a password', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (from: string, email: string, password: string) =>
    authClient(server, from).call('/token?grant_type=password', { email, password });

  it('holds a guesser back after 5 wrong passwords, even from the right one, while the owner elsewhere signs in', async () => {
    const victim = 'password-victim@example.test';
    await confirmedAccount(server, victim, 'correct horse 1');
    const attacker = '127.0.2.1';
    const answers: number[] = [];
    // Side by side, as the finding sent them: the limit must hold for parallel attempts too.
    const batch = await Promise.all(
      Array.from({ length: 25 }, (_, n) => signIn(attacker, victim, `guess-${n}`)),
    );
    for (const reply of batch) answers.push(reply.status);
    expect(answers.filter((status) => status === 400)).toHaveLength(5);
    const held = batch.filter((reply) => reply.status === 429);
    expect(held).toHaveLength(20);
    for (const reply of held) {
      expect(reply.body.code).toBe('over_request_rate_limit');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(25);
      expect(String(reply.body.message)).toMatch(/Try again in \d+ seconds/);
    }
    // The right password from the guessing address is not even looked at.
    const right = await signIn(attacker, victim, 'correct horse 1');
    expect(right.status).toBe(429);
    expect(right.body.access_token).toBeUndefined();
    // The owner, at another address, is not locked out by the stranger.
    const owner = await signIn('127.0.2.2', victim, 'correct horse 1');
    expect(owner.status).toBe(200);
    expect(typeof owner.body.access_token).toBe('string');
  });

  it('treats an unknown address like a known one (no account enumeration)', async () => {
    const from = '127.0.2.3';
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      statuses.push((await signIn(from, 'nobody-here@example.test', `guess-${n}`)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('lets a learner who mistyped a few times in', async () => {
    const learner = 'password-typo@example.test';
    await confirmedAccount(server, learner, 'my password 1');
    const from = '127.0.2.4';
    for (const typo of ['my pasword 1', 'my password1', 'My password 1', 'my password 2']) {
      expect((await signIn(from, learner, typo)).status).toBe(400);
    }
    expect((await signIn(from, learner, 'my password 1')).status).toBe(200);
    // A success forgets the failures: four more typos are still not held back.
    for (const typo of ['a', 'b', 'c', 'd']) {
      expect((await signIn(from, learner, `${typo}-wrong`)).status).toBe(400);
    }
  });

  it('gives one address 30 password sign-ins per 5 minutes over all accounts', async () => {
    const from = '127.0.2.5';
    const accounts = Array.from({ length: 31 }, (_, n) => `spray-${n}@example.test`);
    const replies = await Promise.all(accounts.map((email) => signIn(from, email, 'Summer2025!')));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const limited = await signIn(from, accounts[0] ?? '', 'x');
    expect(limited.body.code).toBe('over_request_rate_limit');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
  });
});
