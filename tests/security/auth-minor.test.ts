import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signJwt, startServer } from '@magyarul/local';
import { copyDataTemplate } from '../support/template-copy/template-copy.ts';
import { authClient, codeFor, confirmedAccount, requestFrom } from './support/auth-client.ts';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  DEMO_PASSWORD,
  startAppServer,
  SUPABASE_DIR,
  type AppServer,
} from './support/server.ts';

// The minor auth findings: an e-mail change with a stolen access token needed only the new
// address although double_confirm_changes = true; a production start on a data directory first
// seeded in development kept the demo admin with the published password; /_dev/mail.json
// reflected any Origin in CORS (a foreign page could read reset links); a validly signed JWT
// with role postgres made REST run as postgres.

describe('minor auth findings', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('changes an e-mail only when both the current and the new address confirm', async () => {
    const owner = 'double-owner@example.test';
    await confirmedAccount(server, owner);
    const thief = authClient(server, '127.0.4.1');
    const stolen = String(
      (
        await thief.call('/token?grant_type=password', {
          email: owner,
          password: 'right-password-1',
        })
      ).body.access_token,
    );
    const taken = 'double-thief@example.test';
    expect((await thief.call('/user', { email: taken }, stolen, 'PUT')).status).toBe(200);
    // The thief confirms the new address (theirs): acknowledged, no session, nothing changed.
    const { code } = await codeFor(server, taken);
    const first = await thief.call('/verify', { email: taken, token: code, type: 'email_change' });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.body.access_token).toBeUndefined();
    expect((await thief.call('/user', undefined, stolen)).body.email).toBe(owner);
    const asThief = await thief.call('/token?grant_type=password', {
      email: taken,
      password: 'right-password-1',
    });
    expect(asThief.body.code).toBe('invalid_credentials');

    // Only the owner's mailbox can finish it; the owner's link does.
    const toOwner = await codeFor(server, owner);
    const landed = await authClient(server, '127.0.4.2').follow(toOwner.link);
    expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy();
    expect((await thief.call('/user', undefined, stolen)).body.email).toBe(taken);
  });

  it('refuses a JWT with a role other than anon, authenticated or service_role on every API', async () => {
    const { jwtSecret, anonKey } = server.ctx.keys;
    const learner = await confirmedAccount(server, 'role-learner@example.test');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const paths = [
      '/rest/v1/lessons?select=id&limit=1',
      '/rest/v1/rpc/is_admin',
      '/storage/v1/object/list/lesson-audio',
      '/storage/v1/bucket',
      '/functions/v1/get-due-words',
      '/auth/v1/user',
    ];
    for (const role of ['postgres', 'supabase_admin', 'authenticator', 'pg_read_all_data']) {
      const forged = signJwt({ role, sub: learner, aud: 'authenticated', exp }, jwtSecret);
      for (const path of paths) {
        const res = await fetch(`${server.url}${path}`, {
          method: path.includes('/rpc/') || path.includes('/list/') ? 'POST' : 'GET',
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${forged}`,
            'content-type': 'application/json',
          },
          body: path.includes('/rpc/') || path.includes('/list/') ? '{}' : undefined,
        });
        expect(res.status, `${role} ${path}`).toBe(401);
      }
      // As the apikey too.
      const asKey = await fetch(`${server.url}/rest/v1/lessons?select=id&limit=1`, {
        headers: { apikey: forged },
      });
      expect(asKey.status).toBe(401);
    }
    // An account the service role gave another role: its own tokens are refused as well.
    const service = server.ctx.keys.serviceRoleKey;
    await fetch(`${server.url}/auth/v1/admin/users/${learner}`, {
      method: 'PUT',
      headers: {
        apikey: service,
        authorization: `Bearer ${service}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ role: 'postgres' }),
    });
    const session = await authClient(server, '127.0.4.3').call('/token?grant_type=password', {
      email: 'role-learner@example.test',
      password: 'right-password-1',
    });
    const res = await fetch(`${server.url}/rest/v1/lessons?select=id&limit=1`, {
      headers: { apikey: anonKey, authorization: `Bearer ${String(session.body.access_token)}` },
    });
    expect(res.status).toBe(401);
    // The API roles themselves still work.
    const anon = await fetch(`${server.url}/rest/v1/lessons?select=id&limit=1`, {
      headers: { apikey: anonKey },
    });
    expect(anon.status).toBe(200);
  });

  it('answers /_dev/* only to this server’s own pages and tools, with no CORS for others', async () => {
    const own = new URL(server.url).host;
    const mail = `${server.url}/_dev/mail.json`;
    const plain = await requestFrom('127.0.0.1', mail);
    expect(plain.status).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const samePage = await requestFrom('127.0.0.1', mail, {
      headers: { origin: `http://${own}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(samePage.status).toBe(200);

    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' },
      // DNS rebinding: a foreign name resolving to 127.0.0.1, so the page is "same-origin".
      { host: 'evil.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of foreign) {
      for (const path of ['/_dev/mail.json', '/_dev/mail', '/_dev/info']) {
        const res = await requestFrom('127.0.0.1', `${server.url}${path}`, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(JSON.stringify(res.body)).not.toContain('/verify?');
      }
    }
    const preflight = await requestFrom('127.0.0.1', mail, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a production start on a data directory seeded in development', () => {
  const dataDir = copyDataTemplate('seeded', 'magyarul-security-');

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    startServer({ config: { port: 0, dataDir, supabaseDir: SUPABASE_DIR }, env, quiet: true });

  const grant = (url: string, anonKey: string, grantType: string, body: unknown) =>
    fetch(`${url}/auth/v1/token?grant_type=${grantType}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('leaves no account that signs in with the published demo password, and says so', async () => {
    const dev = await start({});
    let refreshToken: string;
    try {
      const res = await grant(dev.url, dev.ctx.keys.anonKey, 'password', {
        email: DEMO_ADMIN,
        password: DEMO_PASSWORD,
      });
      expect(res.status).toBe(200);
      refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
    } finally {
      await dev.close();
    }

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const production = await start({ NODE_ENV: 'production' });
    try {
      const said = warn.mock.calls.map((call) => String(call[0])).join('\n');
      expect(said).toContain(`${DEMO_ADMIN} had the published demo password`);
      expect(said).toContain(`${DEMO_LEARNER} had the published demo password`);
      const { anonKey } = production.ctx.keys;
      for (const email of [DEMO_ADMIN, DEMO_LEARNER]) {
        const res = await grant(production.url, anonKey, 'password', {
          email,
          password: DEMO_PASSWORD,
        });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('invalid_credentials');
      }
      // The session made in development is over too.
      const refreshed = await grant(production.url, anonKey, 'refresh_token', {
        refresh_token: refreshToken,
      });
      expect(refreshed.status).toBe(400);
      // Nothing else is gone: the accounts, the admin role and the learner's history stay.
      const kept = await production.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from auth.users u join public.user_roles r on r.user_id = u.id
          where u.email = $1 and r.role = 'admin'`,
        [DEMO_ADMIN],
      );
      expect(kept.rows[0]?.n).toBe(1);
    } finally {
      warn.mockRestore();
      await production.close();
    }
  });
});
