import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAuth } from '../../supabase/local/src/auth/index.ts';
import {
  authClient,
  codeFor,
  confirmedAccount,
  mailsTo,
  type Reply,
  wrongCodes,
} from './support/auth-client.ts';
import { startAppServer, type AppServer } from './support/server.ts';

// Finding (critical): after POST /auth/v1/recover for a victim, 2,917 wrong guesses at the
// 6-digit code in 14.6 s before the first 429, and the right code still worked; codes lived
// 24 h. Magic-link, sign-up, e-mail change and reauthentication codes had the same shape. Now a
// code lives an hour (config.toml otp_expiry), dies after 5 wrong guesses (its link then lands
// on otp_expired), cannot be turned into a link token by hashing a guess with the address, and
// /verify answers 30 requests per address in 5 minutes, then 429 with Retry-After. The server
// runs with the defaults of supabase/config.toml (no limit raised).

describe('guessing e-mailed codes', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const verify = (from: string, email: string, token: string, type: string): Promise<Reply> =>
    authClient(server, from).call('/verify', { email, token, type });

  /** Five wrong guesses, each refused as the right one would be refused later. */
  async function guessFiveTimes(from: string, email: string, right: string, type: string) {
    for (const guess of wrongCodes(right, 5)) {
      const reply = await verify(from, email, guess, type);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('otp_expired');
    }
  }

  it('kills a recovery code after 5 wrong guesses: the right code and the mailed link then fail', async () => {
    const victim = 'guess-recovery@example.test';
    await confirmedAccount(server, victim);
    const attacker = authClient(server, '127.0.1.1');
    expect((await attacker.call('/recover', { email: victim })).status).toBe(200);
    const { code, link } = await codeFor(server, victim);

    await guessFiveTimes('127.0.1.1', victim, code, 'recovery');
    const right = await verify('127.0.1.1', victim, code, 'recovery');
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('otp_expired');
    expect(right.body.access_token).toBeUndefined();

    // The victim's link now says so on the page it lands on (the app offers a new one there).
    const landed = await authClient(server, '127.0.1.2').follow(link);
    const hash = new URLSearchParams(landed.hash.slice(1));
    expect(hash.get('error_code')).toBe('otp_expired');
    expect(hash.get('access_token')).toBeNull();

    // A new code (once max_frequency has passed) starts again from zero and works.
    await server.ctx.db.query(
      `update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`,
      [victim],
    );
    expect((await authClient(server, '127.0.1.2').call('/recover', { email: victim })).status).toBe(
      200,
    );
    const fresh = await codeFor(server, victim);
    const owner = await verify('127.0.1.2', victim, fresh.code, 'recovery');
    expect(owner.status).toBe(200);
    expect(typeof owner.body.access_token).toBe('string');
  });

  it('kills magic-link, sign-up and e-mail change codes the same way', async () => {
    const from = '127.0.1.3';
    const client = authClient(server, from);

    const magic = 'guess-magic@example.test';
    await confirmedAccount(server, magic);
    expect((await client.call('/otp', { email: magic })).status).toBe(200);
    const magicCode = (await codeFor(server, magic)).code;
    await guessFiveTimes(from, magic, magicCode, 'magiclink');
    expect((await verify(from, magic, magicCode, 'magiclink')).body.code).toBe('otp_expired');

    const newcomer = 'guess-signup@example.test';
    expect((await client.call('/signup', { email: newcomer, password: 'password-1' })).status).toBe(
      200,
    );
    const signupCode = (await codeFor(server, newcomer)).code;
    await guessFiveTimes(from, newcomer, signupCode, 'email');
    expect((await verify(from, newcomer, signupCode, 'signup')).body.code).toBe('otp_expired');

    // An e-mail change with a stolen session: guessing at the new address's code kills the
    // whole change, so the code mailed to the current address cannot finish it either.
    const owner = 'guess-change@example.test';
    await confirmedAccount(server, owner);
    const session = await client.call('/token?grant_type=password', {
      email: owner,
      password: 'right-password-1',
    });
    const token = String(session.body.access_token);
    const target = 'guess-change-new@example.test';
    expect((await client.call('/user', { email: target }, token, 'PUT')).status).toBe(200);
    const newCode = (await codeFor(server, target)).code;
    const currentCode = (await codeFor(server, owner)).code;
    await guessFiveTimes(from, target, newCode, 'email_change');
    expect((await verify(from, target, newCode, 'email_change')).body.code).toBe('otp_expired');
    expect((await verify(from, owner, currentCode, 'email_change')).body.code).toBe('otp_expired');
    const user = await client.call('/user', undefined, token);
    expect(user.body.email).toBe(owner);
    expect(user.body.new_email).toBeUndefined();
  });

  it('kills a reauthentication nonce after 5 wrong guesses', async () => {
    const from = '127.0.1.4';
    const client = authClient(server, from);
    const email = 'guess-nonce@example.test';
    const id = await confirmedAccount(server, email);
    const session = await client.call('/token?grant_type=password', {
      email,
      password: 'right-password-1',
    });
    const token = String(session.body.access_token);
    configureAuth(server.ctx, { securePasswordChange: true });
    try {
      // A session more than a day old must show the mailed nonce to change the password.
      await server.ctx.db.query(
        `update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`,
        [id],
      );
      expect((await client.call('/reauthenticate', undefined, token)).status).toBe(200);
      const [mail] = await mailsTo(server, email);
      const nonce = /code: (\d+)/.exec(mail?.text ?? '')?.[1] ?? '';
      for (const guess of wrongCodes(nonce, 5)) {
        const reply = await client.call(
          '/user',
          { password: 'taken-over-1', nonce: guess },
          token,
          'PUT',
        );
        expect(reply.body.code).toBe('reauthentication_not_valid');
      }
      const right = await client.call('/user', { password: 'taken-over-1', nonce }, token, 'PUT');
      expect(right.status).toBe(422);
      expect(right.body.code).toBe('reauthentication_not_valid');
    } finally {
      configureAuth(server.ctx, { securePasswordChange: false });
    }
  });

  it('refuses a code older than an hour (otp_expiry of config.toml) and takes a younger one', async () => {
    const from = '127.0.1.5';
    const email = 'guess-expiry@example.test';
    await confirmedAccount(server, email);
    const client = authClient(server, from);
    expect((await client.call('/recover', { email })).status).toBe(200);
    const old = await codeFor(server, email);
    await server.ctx.db.query(
      `update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`,
      [email],
    );
    expect((await verify(from, email, old.code, 'recovery')).body.code).toBe('otp_expired');

    expect((await client.call('/recover', { email })).status).toBe(200);
    const young = await codeFor(server, email);
    expect(young.code).toMatch(/^\d{6}$/);
    await server.ctx.db.query(
      `update auth.users set recovery_sent_at = now() - interval '59 minutes' where email = $1`,
      [email],
    );
    expect((await verify(from, email, young.code, 'recovery')).status).toBe(200);
  });

  it('takes no link token made from the address and a guessed code', async () => {
    const from = '127.0.1.6';
    const email = 'guess-hash@example.test';
    await confirmedAccount(server, email);
    const client = authClient(server, from);
    expect((await client.call('/recover', { email })).status).toBe(200);
    const { code, link } = await codeFor(server, email);
    // Even the right code, hashed as GoTrue stores it, is not a link token.
    const hash = createHash('sha224').update(`${email}${code}`).digest('hex');
    const made = await client.follow(
      `${server.url}/auth/v1/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(server.url)}`,
    );
    expect(new URLSearchParams(made.hash.slice(1)).get('error_code')).toBe('otp_expired');
    const posted = await client.call('/verify', { token_hash: hash, type: 'recovery' });
    expect(posted.body.code).toBe('otp_expired');
    // The mailed link itself still works.
    const landed = await client.follow(link);
    expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('answers /verify 30 times per address in 5 minutes, then 429 over_request_rate_limit with Retry-After', async () => {
    const from = '127.0.1.7';
    const client = authClient(server, from);
    // Side by side: one after another on a slow machine the bucket would refill meanwhile.
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        verify(from, `nobody-${n}@example.test`, '123456', 'recovery'),
      ),
    );
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([403]));
    const limited = await verify(from, 'nobody@example.test', '123456', 'recovery');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('over_request_rate_limit');
    const wait = Number(limited.headers['retry-after']);
    // 30 per 300 s: the next request is free within 10 s.
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
    // Links count against the same limit.
    const link = await client.call('/verify?token=x&type=recovery');
    expect(link.status).toBe(429);
    // Another address is not held back.
    expect((await verify('127.0.1.8', 'nobody@example.test', '123456', 'recovery')).status).toBe(
      403,
    );
  });
});
