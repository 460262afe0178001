import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, confirmedAccount, mailsTo } from './support/auth-client.ts';
import { startAppServer, SUPABASE_DIR, type AppServer } from './support/server.ts';

// Finding (major): 100 sign-ups with distinct addresses from one client in 17 s, 100 mails
// sent; 50 reset mails to 50 addresses in 374 ms: in production a mail bomb and unlimited
// accounts. `enable_signup` of config.toml was ignored. Now, with config.toml's defaults:
// 30 sign-ups per address in 5 minutes, 30 auth mails per hour for the whole server (a refused
// mail leaves no account or token behind), one mail of a kind per recipient a minute
// (max_frequency), and enable_signup = false turns sign-up off with hosted's signup_disabled.

async function outboxSize(server: AppServer): Promise<number> {
  const res = await server.ctx.db.query<{ n: number }>(
    'select count(*)::int as n from _local.mail_outbox',
  );
  return res.rows[0]?.n ?? 0;
}

describe('flooding sign-up', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('takes 30 sign-ups per address, then 429; past 30 mails an hour a sign-up makes no account', async () => {
    const before = await outboxSize(server);
    const flooder = authClient(server, '127.0.3.1');
    // Side by side, as a flood comes (one after another the bucket refills a little meanwhile).
    const replies = await Promise.all(
      Array.from({ length: 35 }, (_, n) =>
        flooder.call('/signup', { email: `flood-${n}@example.test`, password: 'flood-password-1' }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(30);
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(5);
    for (const reply of limited) {
      expect(reply.body.code).toBe('over_request_rate_limit');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await outboxSize(server)) - before).toBe(30);

    // Another address: the hour's 30 mails are spent, so the sign-up is refused whole.
    const other = await authClient(server, '127.0.3.2').call('/signup', {
      email: 'flood-late@example.test',
      password: 'flood-password-1',
    });
    expect(other.status).toBe(429);
    expect(other.body.code).toBe('over_email_send_rate_limit');
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(60);
    const created = await server.ctx.db.query(`select 1 from auth.users where email = $1`, [
      'flood-late@example.test',
    ]);
    expect(created.rows).toHaveLength(0);
    expect(await mailsTo(server, 'flood-late@example.test')).toHaveLength(0);
  });
});

describe('flooding reset mail', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('sends one reset mail a minute to an address and 30 an hour in all', async () => {
    const targets = Array.from({ length: 50 }, (_, n) => `bombed-${n}@example.test`);
    for (const email of targets) await confirmedAccount(server, email);
    const before = await outboxSize(server);

    const first = authClient(server, '127.0.3.10');
    expect((await first.call('/recover', { email: targets[0] })).status).toBe(200);
    const again = await first.call('/recover', { email: targets[0] });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(String(again.body.message)).toMatch(/after \d+ seconds/);
    expect(await mailsTo(server, targets[0] ?? '')).toHaveLength(1);

    // The other 49 from ten addresses, so no per-address limit is what stops them.
    const replies = await Promise.all(
      targets
        .slice(1)
        .map((email, n) =>
          authClient(server, `127.0.3.${20 + (n % 10)}`).call('/recover', { email }),
        ),
    );
    const sent = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(sent).toHaveLength(29);
    expect(refused).toHaveLength(20);
    for (const reply of refused) expect(reply.body.code).toBe('over_email_send_rate_limit');
    expect((await outboxSize(server)) - before).toBe(30);
  });
});

describe('config.toml of the project', () => {
  let server: AppServer;
  let dir: string;

  beforeAll(async () => {
    // The app's supabase/ folder with its own config.toml changed: sign-up off, and a small
    // sign-in limit, to see both read from the file.
    dir = mkdtempSync(join(tmpdir(), 'magyarul-config-'));
    for (const entry of ['migrations', 'seed', 'functions']) {
      symlinkSync(join(SUPABASE_DIR, entry), join(dir, entry));
    }
    const toml = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8')
      .replace(/^enable_signup = true$/m, 'enable_signup = false')
      .replace(/^sign_in_sign_ups = \d+$/m, 'sign_in_sign_ups = 2');
    expect(toml).toContain('enable_signup = false');
    expect(toml).toContain('sign_in_sign_ups = 2');
    writeFileSync(join(dir, 'config.toml'), toml);
    server = await startAppServer({ config: { supabaseDir: dir } });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns sign-up off with enable_signup = false, as hosted answers it', async () => {
    const client = authClient(server, '127.0.3.40');
    const refused = await client.call('/signup', {
      email: 'closed@example.test',
      password: 'closed-password-1',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('signup_disabled');
    expect(refused.body.message).toBe('Signups not allowed for this instance');
    // A magic link would sign the address up: refused the same way.
    const magic = await client.call('/otp', { email: 'closed@example.test' });
    expect(magic.body.code).toBe('signup_disabled');
    expect((await client.call('/settings')).body.disable_signup).toBe(true);
    const rows = await server.ctx.db.query(`select 1 from auth.users where email = $1`, [
      'closed@example.test',
    ]);
    expect(rows.rows).toHaveLength(0);
  });

  it('reads sign_in_sign_ups from [auth.rate_limit]', async () => {
    const client = authClient(server, '127.0.3.41');
    const attempt = () =>
      client.call('/token?grant_type=password', { email: 'a@example.test', password: 'x' });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
  });
});
