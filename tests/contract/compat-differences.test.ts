import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// The rows of the compatibility reference that say "different" or "not supported": what the
// embedded server answers instead, on both backends, so the README's words stay true. The
// security suites push the same limits harder (tests/security/dos-*.test.ts, auth-*.test.ts).

const MIGRATION = `
create table public.tree (id int primary key, parent_id int references public.tree (id), name text);
insert into public.tree values (1, null, 'gyökér'), (2, 1, 'ág'), (3, 2, 'gally'), (4, 3, 'levél'), (5, 4, 'ér'), (6, 5, 'sejt');
create table public.stamps (id int primary key, at timestamptz not null);
insert into public.stamps values (1, '2026-01-02 03:04:05+00');
grant select on public.tree, public.stamps to anon;
grant insert on public.tree to anon;
insert into storage.buckets (id, name, public) values ('pics', 'pics', true);
`;

const ENV_KEYS = `export async function handler(req: Request, env: Record<string, string | undefined>): Promise<Response> {
  return new Response(JSON.stringify({ keys: Object.keys(env).filter((k) => env[k] !== undefined).sort(), region: req.headers.get('x-region') }), { headers: { 'content-type': 'application/json' } });
}`;

function makeSupabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-compat-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(join(dir, 'migrations', '20240101000000_compat.sql'), MIGRATION);
  mkdirSync(join(dir, 'functions', 'env-keys'), { recursive: true });
  writeFileSync(join(dir, 'functions', 'env-keys', 'handler.ts'), ENV_KEYS);
  writeFileSync(join(dir, 'functions', '.env'), 'LESSON_IMAGE_KEY=abc\nSUPABASE_HIDDEN=no\n');
  writeFileSync(join(dir, 'config.toml'), '[functions.env-keys]\nverify_jwt = false\n');
  return dir;
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

describe.each(BACKENDS)('What differs from hosted on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend, makeSupabaseDir(), { autoconfirm: true });
    anon = createClient(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        apikey: server.ctx.keys.anonKey,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { status: res.status, body, headers: res.headers };
  };

  // compat: rest.timezone
  it('accepts Prefer: timezone= without applying it: times stay in the server’s zone', async () => {
    const plain = await call('/rest/v1/stamps?select=at');
    const zoned = await call('/rest/v1/stamps?select=at', {
      headers: { prefer: 'handling=strict, timezone=America/New_York' },
    });
    expect(zoned.status).toBe(200);
    expect(zoned.body).toEqual(plain.body);
    expect(zoned.headers.get('preference-applied')).toBe('handling=strict');
  });

  // compat: rest.unsupported, rest.accept
  it('answers .explain(), GeoJSON and other media with 406 PGRST107, and / with a minimal document', async () => {
    const explained = await anon.from('tree').select('id').explain();
    expect(explained.status).toBe(406);
    expect((explained.error as { code?: string } | null)?.code).toBe('PGRST107');
    for (const accept of ['application/geo+json', 'text/html']) {
      const res = await call('/rest/v1/tree?select=id', { headers: { accept } });
      expect(res.status).toBe(406);
      expect(res.body.code).toBe('PGRST107');
    }
    const root = await call('/rest/v1/');
    expect(root.status).toBe(200);
    expect(root.body).toEqual({
      swagger: '2.0',
      info: { title: 'Magyarul local REST', version: '1' },
    });
  });

  // compat: rest.embed-limits
  it('embeds four levels deep and refuses a fifth, and more than 20 embeds', async () => {
    const four = await anon
      .from('tree')
      .select('name, tree(name, tree(name, tree(name, tree(name))))')
      .eq('id', 1);
    expect(four.error).toBeNull();
    const five = await anon
      .from('tree')
      .select('name, tree(name, tree(name, tree(name, tree(name, tree(name)))))')
      .eq('id', 1);
    expect(five.status).toBe(400);
    expect(five.error?.code).toBe('PGRST100');
    expect(five.error?.message).toBe(
      'The select parameter nests embedded resources 5 levels deep; at most 4 are allowed',
    );
    const wide = Array.from({ length: 21 }, (_, n) => `t${n}:tree(id)`).join(',');
    const many = await anon.from('tree').select(`id,${wide}`);
    expect(many.status).toBe(400);
    expect(many.error?.message).toBe(
      'The select parameter embeds 21 resources; at most 20 are allowed',
    );
  });

  // compat: rest.patterns
  it('refuses pattern filters that can run long with 400 PGRST100 before they run', async () => {
    const backReference = await anon
      .from('tree')
      .select('id')
      .filter('name', 'match', '(.{0,60}){0,60}\\1y');
    expect(backReference.status).toBe(400);
    expect(backReference.error?.code).toBe('PGRST100');
    const wildcards = await anon.from('tree').select('id').like('name', '%a%b%c%d%e%f%g%h%i%j%k');
    expect(wildcards.status).toBe(400);
    const fine = await anon.from('tree').select('id').like('name', '%á%');
    expect(fine.data).toEqual([{ id: 2 }]);
  });

  // compat: rest.bodies
  it('answers 413 to a REST body above MAGYARUL_MAX_BODY and an Auth body above 1 MB', async () => {
    const big = JSON.stringify({ id: 9, name: 'x'.repeat(2 * 1024 * 1024 + 1) });
    const rest = await call('/rest/v1/tree', { method: 'POST', body: big });
    expect(rest.status).toBe(413);
    const auth = await call('/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(auth.status).toBe(413);
    expect((await anon.from('tree').select('id').eq('id', 9)).data).toEqual([]);
  });

  // compat: storage.unsupported
  it('serves no image transformations or resumable uploads: storage errors, nothing stored', async () => {
    const admin = createClient(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const up = await admin.storage.from('pics').upload('a.txt', new Blob(['szia']));
    expect(up.error).toBeNull();
    const rendered = await call('/storage/v1/render/image/public/pics/a.txt?width=10');
    expect(rendered.status).toBeGreaterThanOrEqual(400);
    expect(rendered.status).toBeLessThan(500);
    const tus = await call('/storage/v1/upload/resumable', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '4' },
    });
    expect(tus.status).toBeGreaterThanOrEqual(400);
    expect(tus.status).toBeLessThan(500);
    const listed = await admin.storage.from('pics').list();
    expect(listed.data?.map((o) => o.name)).toEqual(['a.txt']);
  });

  // compat: functions.unsupported, functions.standalone
  it('gives a function only SUPABASE_* and the secrets, and serves it whatever region is asked', async () => {
    const { data, error } = await anon.functions.invoke('env-keys', {
      body: {},
      headers: { 'x-region': 'eu-central-1' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      keys: [
        'LESSON_IMAGE_KEY',
        // The reminders' mailer (send-reminders, issue 29 point 3).
        'MAIL_API_KEY',
        'MAIL_API_URL',
        'MAIL_FROM',
        'SITE_URL',
        'SUPABASE_ANON_KEY',
        ...(backend === 'postgres' ? ['SUPABASE_DB_URL'] : []),
        'SUPABASE_SERVICE_ROLE_KEY',
        'SUPABASE_URL',
      ],
      region: 'eu-central-1',
    });
  });

  // compat: auth.jwt-roles
  it('refuses a token signed with the project secret for a role outside the API roles, on every route', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { role: 'postgres', iat: now, exp: now + 600 },
      server.ctx.keys.jwtSecret,
    );
    for (const path of [
      '/rest/v1/tree?select=id',
      '/storage/v1/bucket',
      '/auth/v1/user',
      '/functions/v1/env-keys',
    ]) {
      const res = await call(path, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid JWT: role "postgres" is not allowed');
    }
  });

  // compat: auth.password-throttle
  it('holds an address back after 5 wrong passwords for one account, the right one included', async () => {
    const sb = createClient(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect(
      (await sb.auth.signUp({ email: 'anna@example.com', password: 'right-one-1' })).error,
    ).toBeNull();
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const reply = await sb.auth.signInWithPassword({
        email: 'anna@example.com',
        password: `guess-${n}`,
      });
      statuses.push(reply.error?.status ?? 200);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'right-one-1',
    });
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(right.error?.message).toMatch(/Try again in \d+ seconds/);
  });

  // compat: auth.otp-codes
  it('kills an e-mailed code after 5 wrong guesses: the right code then fails too', async () => {
    const sb = createClient(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await sb.auth.signInWithOtp({ email: 'bela@example.com' })).error).toBeNull();
    const mails = (await (await fetch(`${server.url}/_dev/mail.json`)).json()) as {
      to: string;
      text: string;
    }[];
    const text = mails.find((m) => m.to === 'bela@example.com')?.text ?? '';
    const code = /enter the code: (\d+)/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    for (let n = 1; n <= 5; n += 1) {
      const wrong = String((Number(code) + n) % 1_000_000).padStart(6, '0');
      const guess = await sb.auth.verifyOtp({
        email: 'bela@example.com',
        token: wrong,
        type: 'email',
      });
      expect(guess.error?.code).toBe('otp_expired');
    }
    const right = await sb.auth.verifyOtp({
      email: 'bela@example.com',
      token: code,
      type: 'email',
    });
    expect(right.error?.code).toBe('otp_expired');
    expect(right.data.session).toBeNull();
  });
});
