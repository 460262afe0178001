import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { verifyJwt } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Unmodified supabase-js against /auth/v1 over HTTP on both backends (compat §3 and the auth
// gotchas 13–17 of §7), with its own migration: a profile trigger on auth.users and an RLS table.

const MIGRATION = `
create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, full_name text);
alter table public.profiles enable row level security;
create policy own_profile on public.profiles for select to authenticated using (id = (select auth.uid()));
create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if new.raw_user_meta_data ->> 'full_name' = 'FAIL' then raise exception 'profile refused'; end if;
  insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
`;

type Mail = { to: string; subject: string; text: string; links: string[]; created_at: string };

function makeSupabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-auth-contract-'));
  mkdirSync(join(dir, 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'migrations', '20240101000000_auth_fixtures.sql'), MIGRATION);
  return dir;
}

function client(server: TestServer, key = server.ctx.keys.anonKey): SupabaseClient<Database> {
  return createClient<Database>(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function mailFor(server: TestServer, to: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/_dev/mail.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Mail[]).filter((m) => m.to === to);
}

async function authCall(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${server.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: server.ctx.keys.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

describe.each(BACKENDS)('Auth on %s', (backend) => {
  let server: TestServer;
  let autoServer: TestServer;
  let supabaseDir: string;

  beforeAll(async () => {
    supabaseDir = makeSupabaseDir();
    server = await startTestServer(backend, supabaseDir);
    autoServer = await startTestServer(backend, supabaseDir, { autoconfirm: true });
  });

  afterAll(async () => {
    await server?.stop();
    await autoServer?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  // compat: auth.signup, auth.verify-links, auth.mail
  it('requires confirmation by default: user without session, mail with a working 303 link', async () => {
    const sb = client(server);
    const { data, error } = await sb.auth.signUp({
      email: 'anna@example.com',
      password: 'secret123',
      options: { data: { full_name: 'Anna' }, emailRedirectTo: `${server.url}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toHaveLength(1);
    const notYet = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    expect(notYet.error?.code).toBe('email_not_confirmed');

    const [mail] = await mailFor(server, 'anna@example.com');
    expect(mail?.subject).toBe('Confirm Your Signup');
    const link = mail?.links[0] ?? '';
    expect(link.startsWith(`${server.url}/auth/v1/verify?token=`)).toBe(true);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/welcome`);
    const hash = new URLSearchParams(location.hash.slice(1));
    for (const key of ['access_token', 'refresh_token', 'expires_in', 'expires_at']) {
      expect(hash.get(key)).toBeTruthy();
    }
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('type')).toBe('signup');

    // The tokens from the link work with supabase-js (what detectSessionInUrl does).
    const linked = client(server);
    const set = await linked.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    });
    expect(set.error).toBeNull();
    const profile = await linked.from('profiles').select('full_name').single();
    expect(profile.data).toEqual({ full_name: 'Anna' });

    const reused = await fetch(link, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(reused.headers.get('location') ?? '').hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
  });

  it('keeps bcrypt hashes and identities in auth.users and never grants auth.users to the API roles', async () => {
    const rows = await server.ctx.db.query<{ hash: string; provider: string; email: string }>(
      `select u.encrypted_password as hash, i.provider, i.email from auth.users u
         join auth.identities i on i.user_id = u.id where u.email = 'anna@example.com'`,
    );
    expect(rows.rows[0]?.hash).toMatch(/^\$2a\$10\$/);
    expect(rows.rows[0]).toMatchObject({ provider: 'email', email: 'anna@example.com' });
    const res = await fetch(`${server.url}/rest/v1/users`, {
      headers: { apikey: server.ctx.keys.anonKey, 'accept-profile': 'auth' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  // compat: auth.password-refresh, auth.user
  it('signs in with the password grant: session shape and GoTrue claims', async () => {
    const sb = client(server);
    const { data, error } = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000);
    expect(session?.refresh_token).toBeTruthy();
    const verified = verifyJwt(session?.access_token ?? '', server.ctx.keys.jwtSecret);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: session?.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'anna@example.com',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Anna' },
    });
    expect(typeof verified.claims.session_id).toBe('string');
    const claims = await sb.auth.getClaims();
    expect(claims.data?.claims.sub).toBe(session?.user.id);
  });

  // compat: auth.errors
  it('answers errors with X-Supabase-Api-Version (exposed via CORS) and the merged body', async () => {
    const res = await authCall(server, '/token?grant_type=password', {
      method: 'POST',
      headers: { origin: 'http://localhost:5173' },
      body: JSON.stringify({ email: 'anna@example.com', password: 'wrong-one' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect((res.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain(
      'x-supabase-api-version',
    );
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
    const sdk = await client(server).auth.signInWithPassword({
      email: 'nobody@example.com',
      password: 'whatever',
    });
    expect(sdk.error?.code).toBe('invalid_credentials');
  });

  // compat: auth.signup
  it('returns a fake user with identities [] on duplicate sign-up with confirmations on', async () => {
    const { data, error } = await client(server).auth.signUp({
      email: 'anna@example.com',
      password: 'other-pass',
    });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.session).toBeNull();
  });

  it('refuses weak passwords, bad addresses and a failing trigger with GoTrue errors', async () => {
    const sb = client(server);
    const weak = await sb.auth.signUp({ email: 'weak@example.com', password: '123' });
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422 });
    const bad = await sb.auth.signUp({ email: 'no-at-sign', password: 'secret123' });
    expect(bad.error).toMatchObject({ code: 'validation_failed', status: 400 });
    const failing = await sb.auth.signUp({
      email: 'fail@example.com',
      password: 'secret123',
      options: { data: { full_name: 'FAIL' } },
    });
    expect(failing.error).toMatchObject({ status: 500, message: 'Database error saving new user' });
    const garbage = await authCall(server, '/signup', { method: 'POST', body: '{"email": ' });
    expect(garbage.status).toBe(400);
  });

  // compat: auth.password-refresh
  it('rotates refresh tokens and logs out with 204, invalidating the refresh token', async () => {
    const sb = client(server);
    const login = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    const first = login.data.session?.refresh_token ?? '';
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session?.refresh_token ?? '';
    expect(second).not.toBe(first);
    const user = await sb.auth.getUser();
    expect(user.data.user?.email).toBe('anna@example.com');
    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    const after = await authCall(server, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: second }),
    });
    expect(after.status).toBe(400);
    const logout = await authCall(server, '/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${login.data.session?.access_token ?? ''}` },
    });
    expect([401, 403, 404]).toContain(logout.status);
  });

  it('rejects the anon key on GET /user with 403 bad_jwt', async () => {
    const res = await authCall(server, '/user', {
      headers: { authorization: `Bearer ${server.ctx.keys.anonKey}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('bad_jwt');
  });

  // compat: auth.user
  it('updates user metadata (merge, null deletes) and the password', async () => {
    const sb = client(server);
    await sb.auth.signInWithPassword({ email: 'anna@example.com', password: 'secret123' });
    const merged = await sb.auth.updateUser({ data: { level: 'A2' } });
    expect(merged.data.user?.user_metadata).toEqual({ full_name: 'Anna', level: 'A2' });
    const removed = await sb.auth.updateUser({ data: { level: null } });
    expect(removed.data.user?.user_metadata).toEqual({ full_name: 'Anna' });
    const pw = await sb.auth.updateUser({ password: 'secret789' });
    expect(pw.error).toBeNull();
    const again = await client(server).auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret789',
    });
    expect(again.error).toBeNull();
  });

  // compat: auth.recover-otp
  it('recovers a password through the mailed link and verifyOtp', async () => {
    const sb = client(server);
    expect(
      (
        await sb.auth.resetPasswordForEmail('anna@example.com', {
          redirectTo: `${server.url}/reset`,
        })
      ).error,
    ).toBeNull();
    expect((await sb.auth.resetPasswordForEmail('unknown@example.com')).error).toBeNull();
    const [mail] = await mailFor(server, 'anna@example.com');
    expect(mail?.subject).toBe('Reset Your Password');
    const tokenHash = new URL(mail?.links[0] ?? '').searchParams.get('token') ?? '';
    const verified = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('anna@example.com');
    const set = await sb.auth.updateUser({ password: 'recovered1' });
    expect(set.error).toBeNull();
    const limited = await sb.auth.resetPasswordForEmail('anna@example.com');
    expect(limited.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
  });

  // compat: auth.recover-otp, auth.rate-limits
  it('sends magic links through signInWithOtp and resends confirmations', async () => {
    const sb = client(server);
    const otp = await sb.auth.signInWithOtp({ email: 'new@example.com' });
    expect(otp.error).toBeNull();
    const [confirm] = await mailFor(server, 'new@example.com');
    expect(confirm?.subject).toBe('Confirm Your Signup');
    const code = /code: (\d{6})/.exec(confirm?.text ?? '')?.[1] ?? '';
    const verified = await sb.auth.verifyOtp({
      email: 'new@example.com',
      token: code,
      type: 'email',
    });
    expect(verified.error).toBeNull();
    const refused = await sb.auth.signInWithOtp({
      email: 'ghost@example.com',
      options: { shouldCreateUser: false },
    });
    expect(refused.error?.code).toBe('otp_disabled');
    await sb.auth.signUp({ email: 'late@example.com', password: 'secret123' });
    const resend = await sb.auth.resend({ type: 'signup', email: 'late@example.com' });
    expect(resend.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
  });

  // compat: auth.mail
  it('serves /_dev/mail as an HTML page with clickable links, newest first', async () => {
    const res = await fetch(`${server.url}/_dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<a href="http://127.0.0.1:');
    const list = (await (await fetch(`${server.url}/_dev/mail.json`)).json()) as Mail[];
    const times = list.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  // compat: auth.signup
  it('signs up with a session under autoconfirm and answers 422 user_already_exists after', async () => {
    const sb = client(autoServer);
    const first = await sb.auth.signUp({ email: 'auto@example.com', password: 'secret123' });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token).toBeTruthy();
    const second = await client(autoServer).auth.signUp({
      email: 'auto@example.com',
      password: 'secret123',
    });
    expect(second.error).toMatchObject({ code: 'user_already_exists', status: 422 });
  });

  // compat: auth.admin
  it('serves the admin API to the service role only', async () => {
    const admin = client(server, server.ctx.keys.serviceRoleKey).auth.admin;
    const created = await admin.createUser({
      email: 'made@example.com',
      password: 'secret123',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const list = await admin.listUsers({ page: 1, perPage: 100 });
    expect(list.data.users.map((u) => u.email)).toContain('made@example.com');
    const link = await admin.generateLink({ type: 'recovery', email: 'made@example.com' });
    expect(link.data.properties?.action_link).toContain('type=recovery');
    expect((await admin.deleteUser(created.data.user?.id ?? '')).error).toBeNull();
    const denied = await client(server).auth.admin.createUser({ email: 'x@example.com' });
    expect(denied.error).toMatchObject({ code: 'not_admin', status: 403 });
  });

  it('treats a new-format publishable key bearer as no user', async () => {
    const res = await authCall(server, '/user', {
      headers: { authorization: 'Bearer sb_publishable_abc' },
    });
    expect(res.status).toBe(403);
    const settings = await authCall(server, '/settings', {
      headers: { authorization: 'Bearer sb_publishable_abc' },
    });
    expect(settings.status).toBe(200);
  });
});
