import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  DEMO_PASSWORD,
  startAppServer,
  type AppServer,
} from './support/server.ts';

// Findings: with NODE_ENV=production the demo admin (password in the README) was still seeded
// and could sign in; redirect_to=http://localhost:9999/… was honoured in e-mail links even in
// production. Now production seeds the content but no account with a published password
// (MAGYARUL_DEMO_ACCOUNTS=true opts in), and redirect_to must go back to the site or match
// [auth] additional_redirect_urls of supabase/config.toml.

async function passwordGrant(server: AppServer, email: string) {
  return fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.ctx.keys.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

describe('production mode', () => {
  let production: AppServer;

  beforeAll(async () => {
    // A fresh directory: what the first boot seeds in production is the point here.
    production = await startAppServer({ env: { NODE_ENV: 'production' }, fresh: true });
  });

  afterAll(async () => {
    await production?.stop();
  });

  it('seeds the lessons but no account with the published demo password', async () => {
    const lessons = await production.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from public.lessons where is_published',
    );
    expect(lessons.rows[0]?.n).toBeGreaterThanOrEqual(10);
    const accounts = await production.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users',
    );
    expect(accounts.rows[0]?.n).toBe(0);
    for (const email of [DEMO_ADMIN, DEMO_LEARNER]) {
      const res = await passwordGrant(production, email);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_credentials');
    }
    // No dev routes: /_dev/info is not the JSON with the keys (at most the app's own page).
    const info = await fetch(`${production.url}/_dev/info`);
    expect(info.headers.get('content-type')).not.toMatch(/json/);
    expect(await info.text()).not.toContain('"anonKey"');
  });

  it('honours redirect_to only for the site and the allow-list of config.toml', async () => {
    const recover = async (email: string, redirect: string) => {
      const res = await fetch(
        `${production.url}/auth/v1/recover?redirect_to=${encodeURIComponent(redirect)}`,
        {
          method: 'POST',
          headers: { apikey: production.ctx.keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        },
      );
      expect(res.status).toBe(200);
      const mail = (await production.ctx.mail.list()).find((m) => m.to === email);
      const link = new URL(mail?.links.find((l) => l.includes('/verify')) ?? '');
      return link.searchParams.get('redirect_to');
    };
    const site = `${production.url}/`;
    const signup = await fetch(`${production.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: production.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@example.test', password: 'victim-password' }),
    });
    expect(signup.status).toBe(200);
    const cases: [string, string, string][] = [
      ['a.test', 'http://localhost:9999/auth/callback', site],
      ['b.test', 'http://127.0.0.1:9999/reset-password', site],
      ['c.test', 'https://evil.example/reset-password', site],
      ['d.test', `${production.url}/reset-password`, `${production.url}/reset-password`],
      ['e.test', 'http://localhost:5173/reset-password', 'http://localhost:5173/reset-password'],
      ['f.test', 'http://localhost:5173/steal', site],
    ];
    for (const [domain, requested, expected] of cases) {
      const email = `victim@${domain}`;
      await production.ctx.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
           email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
           'authenticated', $1, '', now(), '{}', '{}', now(), now())`,
        [email],
      );
      expect(await recover(email, requested), requested).toBe(expected);
    }
    // A link whose redirect_to was edited afterwards still lands on the site.
    const verify = await fetch(
      `${production.url}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent('http://localhost:9999/x')}`,
      { redirect: 'manual' },
    );
    expect(verify.headers.get('location')?.startsWith(site)).toBe(true);
  });
});

describe('explicit opt-in to the demo accounts', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({
      env: { NODE_ENV: 'production', MAGYARUL_DEMO_ACCOUNTS: 'true' },
      fresh: true,
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('seeds them in production only with MAGYARUL_DEMO_ACCOUNTS=true', async () => {
    expect((await passwordGrant(server, DEMO_ADMIN)).status).toBe(200);
  });
});
