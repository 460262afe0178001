import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailService } from '../mail/index.ts';
import { verifyJwt } from '../jwt.ts';
import { authService, configureAuth } from './index.ts';
import { createTestContext, serviceFetch, type TestContext } from './test-context.ts';

// The auth service driven by unmodified supabase-js through a fetch that calls the service.

type Mail = { to: string; subject: string; links: string[]; text: string };

describe('authService', () => {
  let ctx: TestContext;
  let fetchImpl: typeof fetch;
  const url = 'http://127.0.0.1:54321';

  const client = (key = ctx.keys.anonKey): SupabaseClient<Database> =>
    createClient<Database>(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchImpl },
    });

  const mailFor = async (to: string): Promise<Mail[]> => {
    const res = await devMailService(
      new Request(`${url}/_dev/mail.json?to=${encodeURIComponent(to)}`),
      '/mail.json',
      ctx,
    );
    return (await res.json()) as Mail[];
  };

  const raw = (path: string, init: RequestInit = {}): Promise<Response> =>
    authService(
      new Request(`${url}/auth/v1${path}`, {
        ...init,
        headers: {
          apikey: ctx.keys.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
      path.split('?')[0] ?? path,
      ctx,
    );

  beforeAll(async () => {
    ctx = await createTestContext({
      sql: [
        `create table public.profiles (id uuid primary key, full_name text);
         create function public.handle_new_user() returns trigger language plpgsql security definer
           set search_path = '' as $$
         begin
           if new.raw_user_meta_data ->> 'full_name' = 'FAIL' then raise exception 'trigger refused'; end if;
           insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
           return new;
         end $$;
         create trigger on_auth_user_created after insert on auth.users
           for each row execute function public.handle_new_user();`,
      ],
    });
    fetchImpl = serviceFetch(ctx, { '/auth/v1': authService });
    // The Vite dev server's pages, as supabase/config.toml lists them.
    configureAuth(ctx, { additionalRedirectUrls: ['http://localhost:5173/**'] });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('returns a user without a session on sign-up when confirmation is required, and mails a link', async () => {
    const sb = client();
    const { data, error } = await sb.auth.signUp({
      email: 'Anna@Example.com',
      password: 'secret123',
      options: { data: { full_name: 'Anna' }, emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe('anna@example.com');
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toEqual({ full_name: 'Anna' });
    const stored = await ctx.db.query<{ encrypted_password: string; full_name: string }>(
      `select u.encrypted_password, p.full_name from auth.users u join public.profiles p on p.id = u.id
        where u.email = 'anna@example.com'`,
    );
    expect(stored.rows[0]?.encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(stored.rows[0]?.full_name).toBe('Anna');
    const mails = await mailFor('anna@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm Your Signup');
    const link = new URL(mails[0]?.links[0] ?? '');
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:5173/welcome');

    const login = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    expect(login.error?.code).toBe('email_not_confirmed');
    expect(login.error?.status).toBe(400);
  });

  it('confirms through the e-mail link with a 303 carrying the session in the hash', async () => {
    const [mail] = await mailFor('anna@example.com');
    const link = new URL(mail?.links[0] ?? '');
    const res = await authService(new Request(link), '/verify', ctx);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('http://localhost:5173/welcome');
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('type')).toBe('signup');
    expect(Number(hash.get('expires_in'))).toBe(3600);
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const claims = verifyJwt(hash.get('access_token') ?? '', ctx.keys.jwtSecret);
    expect(claims.ok && claims.claims.email).toBe('anna@example.com');
    expect(hash.get('refresh_token')).toBeTruthy();

    const again = await authService(new Request(link), '/verify', ctx);
    const failed = new URLSearchParams(new URL(again.headers.get('location') ?? '').hash.slice(1));
    expect(again.status).toBe(303);
    expect(failed.get('error')).toBe('access_denied');
    expect(failed.get('error_code')).toBe('otp_expired');
    expect(failed.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('issues sessions and JWT claims as GoTrue does on the password grant', async () => {
    const sb = client();
    const { data, error } = await sb.auth.signInWithPassword({
      email: 'ANNA@example.com',
      password: 'secret123',
    });
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(session?.user.email_confirmed_at).toBeTruthy();
    expect(session?.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    const verified = verifyJwt(session?.access_token ?? '', ctx.keys.jwtSecret);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    const c = verified.claims;
    expect(c.sub).toBe(session?.user.id);
    expect(c.aud).toBe('authenticated');
    expect(c.role).toBe('authenticated');
    expect(c.aal).toBe('aal1');
    expect(c.is_anonymous).toBe(false);
    expect(c.iss).toBe(`${url}/auth/v1`);
    expect(c.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) as number }]);
    expect(c.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(c.user_metadata).toEqual({ full_name: 'Anna' });
    const sessions = await ctx.db.query(`select 1 from auth.sessions where id = $1`, [
      c.session_id,
    ]);
    expect(sessions.rows).toHaveLength(1);
  });

  it('answers invalid_credentials for an unknown user and a wrong password alike', async () => {
    const sb = client();
    const wrong = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'nope-nope',
    });
    const unknown = await sb.auth.signInWithPassword({
      email: 'ghost@example.com',
      password: 'nope-nope',
    });
    for (const r of [wrong, unknown]) {
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.message).toBe('Invalid login credentials');
      expect(r.error?.status).toBe(400);
    }
  });

  it('returns 200 and a fake user with no identities for a duplicate sign-up when confirmations are on', async () => {
    const { data, error } = await client().auth.signUp({
      email: 'anna@example.com',
      password: 'another1',
    });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    const real = await ctx.db.query<{ id: string }>(
      `select id::text as id from auth.users where email = 'anna@example.com'`,
    );
    expect(data.user?.id).not.toBe(real.rows[0]?.id);
  });

  it('rejects weak and missing passwords and bad addresses with GoTrue codes', async () => {
    const sb = client();
    const weak = await sb.auth.signUp({ email: 'weak@example.com', password: '12345' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] } | null)?.reasons).toEqual(['length']);
    const bad = await sb.auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
    const missing = await raw('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'x@example.com' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await missing.json()).toEqual({
      code: 'validation_failed',
      error_code: 'validation_failed',
      msg: 'Signup requires a valid password',
      message: 'Signup requires a valid password',
    });
    const badJson = await raw('/signup', { method: 'POST', body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { code: string }).code).toBe('bad_json');
  });

  it('answers 500 "Database error saving new user" when an auth.users trigger fails, leaving no user', async () => {
    const { error } = await client().auth.signUp({
      email: 'fail@example.com',
      password: 'secret123',
      options: { data: { full_name: 'FAIL' } },
    });
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Database error saving new user');
    const rows = await ctx.db.query(`select 1 from auth.users where email = 'fail@example.com'`);
    expect(rows.rows).toHaveLength(0);
  });

  it('rotates refresh tokens, tolerates reuse within the interval and revokes the session on later reuse', async () => {
    const sb = client();
    const login = await sb.auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    const first = login.data.session?.refresh_token ?? '';
    const r1 = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(r1.status).toBe(200);
    const s1 = (await r1.json()) as { refresh_token: string; access_token: string };
    expect(s1.refresh_token).not.toBe(first);
    const parent = await ctx.db.query<{ parent: string; revoked: boolean }>(
      `select parent, (select revoked from auth.refresh_tokens where token = $2) as revoked
         from auth.refresh_tokens where token = $1`,
      [s1.refresh_token, first],
    );
    expect(parent.rows[0]).toEqual({ parent: first, revoked: true });
    // Lost response: the parent of the active token gets the active token back.
    const again = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(
      s1.refresh_token,
    );
    const r2 = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: s1.refresh_token }),
    });
    const s2 = (await r2.json()) as { refresh_token: string };
    // Reuse of the grandparent within 10 s is still allowed.
    const within = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(within.status).toBe(200);
    const s3 = (await within.json()) as { refresh_token: string };
    expect([first, s1.refresh_token, s2.refresh_token]).not.toContain(s3.refresh_token);
    // After the interval: reuse detection revokes the family and ends the session. The clock is
    // the database's: move s1's revocation 11 s into the past (the window is 10 s) instead of
    // waiting.
    await ctx.db.query(
      `update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds' where token = $1`,
      [s1.refresh_token],
    );
    const reused = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: s1.refresh_token }),
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { code: string }).code).toBe('refresh_token_already_used');
    const afterwards = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: s3.refresh_token }),
    });
    expect(afterwards.status).toBe(400);
    const user = await raw('/user', { headers: { authorization: `Bearer ${s1.access_token}` } });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { code: string }).code).toBe('session_not_found');
    const unknown = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: 'nope' }),
    });
    expect(((await unknown.json()) as { code: string }).code).toBe('refresh_token_not_found');
  });

  it('revokes the family when the live token’s parent comes back after the reuse window', async () => {
    const login = await client().auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret123',
    });
    const first = login.data.session?.refresh_token ?? '';
    const refresh = (token: string) =>
      raw('/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: token }),
      });
    const rotated = await refresh(first);
    const live = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    // A revoked token's age is a fraction of a second here, so a window of 0 s is past.
    configureAuth(ctx, { refreshTokenReuseIntervalSeconds: 0 });
    try {
      const stolen = await refresh(first);
      expect(stolen.status).toBe(400);
      expect(((await stolen.json()) as { code: string }).code).toBe('refresh_token_already_used');
      const owner = await refresh(live);
      expect(owner.status).toBe(400);
      const revoked = await ctx.db.query<{ live: number }>(
        `select count(*)::int as live from auth.refresh_tokens
          where token in ($1, $2) and coalesce(revoked, false) = false`,
        [first, live],
      );
      expect(revoked.rows[0]?.live).toBe(0);
    } finally {
      configureAuth(ctx, { refreshTokenReuseIntervalSeconds: 10 });
    }
  });

  it('gets and updates the user: metadata merge with null deleting, password change', async () => {
    const sb = client();
    await sb.auth.signInWithPassword({ email: 'anna@example.com', password: 'secret123' });
    const got = await sb.auth.getUser();
    expect(got.data.user?.email).toBe('anna@example.com');
    const upd = await sb.auth.updateUser({ data: { level: 'A1', full_name: null } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toEqual({ level: 'A1' });
    const same = await sb.auth.updateUser({ password: 'secret123' });
    expect(same.error?.code).toBe('same_password');
    const changed = await sb.auth.updateUser({ password: 'secret456' });
    expect(changed.error).toBeNull();
    const relog = await client().auth.signInWithPassword({
      email: 'anna@example.com',
      password: 'secret456',
    });
    expect(relog.error).toBeNull();
  });

  it('rejects the anon key and missing or bad bearers on GET /user', async () => {
    const anon = await raw('/user', { headers: { authorization: `Bearer ${ctx.keys.anonKey}` } });
    expect(anon.status).toBe(403);
    expect(((await anon.json()) as { code: string }).code).toBe('bad_jwt');
    const none = await raw('/user');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('no_authorization');
    const garbage = await raw('/user', { headers: { authorization: 'Bearer sb_publishable_abc' } });
    expect(garbage.status).toBe(403);
  });

  it('logs out with the local, others and global scopes and answers 204', async () => {
    const login = async () => {
      const r = await raw('/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: 'anna@example.com', password: 'secret456' }),
      });
      return (await r.json()) as { access_token: string; refresh_token: string };
    };
    const refresh = async (token: string) =>
      (
        await raw('/token?grant_type=refresh_token', {
          method: 'POST',
          body: JSON.stringify({ refresh_token: token }),
        })
      ).status;
    const a = await login();
    const b = await login();
    const c = await login();
    const local = await raw('/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.access_token}` },
    });
    expect(local.status).toBe(204);
    expect(await refresh(a.refresh_token)).toBe(400);
    expect(await refresh(b.refresh_token)).toBe(200);
    const others = await raw('/logout?scope=others', {
      method: 'POST',
      headers: { authorization: `Bearer ${c.access_token}` },
    });
    expect(others.status).toBe(204);
    expect(await refresh(c.refresh_token)).toBe(200);
    const d = await login();
    const sb = client();
    await sb.auth.setSession({ access_token: d.access_token, refresh_token: d.refresh_token });
    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    const left = await ctx.db.query(
      `select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = 'anna@example.com'`,
    );
    expect(left.rows).toHaveLength(0);
  });

  it('signs up with a session when autoconfirm is on and refuses a second sign-up with user_already_exists', async () => {
    ctx.config.autoconfirm = true;
    try {
      const sb = client();
      const first = await sb.auth.signUp({ email: 'bence@example.com', password: 'secret123' });
      expect(first.error).toBeNull();
      expect(first.data.session?.access_token).toBeTruthy();
      expect(first.data.user?.email_confirmed_at).toBeTruthy();
      const second = await client().auth.signUp({
        email: 'bence@example.com',
        password: 'secret123',
      });
      expect(second.error?.code).toBe('user_already_exists');
      expect(second.error?.status).toBe(422);
      expect(await mailFor('bence@example.com')).toHaveLength(0);
    } finally {
      ctx.config.autoconfirm = false;
    }
  });

  it('sends recovery links and verifies them by token hash and by e-mail + OTP', async () => {
    const sb = client();
    const rec = await sb.auth.resetPasswordForEmail('bence@example.com', {
      redirectTo: 'https://evil.example/x',
    });
    expect(rec.error).toBeNull();
    const unknown = await sb.auth.resetPasswordForEmail('nobody@example.com');
    expect(unknown.error).toBeNull();
    const [mail] = await mailFor('bence@example.com');
    expect(mail?.subject).toBe('Reset Your Password');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.searchParams.get('redirect_to')).toBe(`${url}/`);
    // Another port on the same loopback host is not the site either.
    await sb.auth.resetPasswordForEmail('anna@example.com', {
      redirectTo: 'http://127.0.0.1:9999/steal',
    });
    const [other] = await mailFor('anna@example.com');
    expect(new URL(other?.links[0] ?? '').searchParams.get('redirect_to')).toBe(`${url}/`);
    const otp = /code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    const verified = await sb.auth.verifyOtp({
      email: 'bence@example.com',
      token: otp,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('bence@example.com');
    const reused = await sb.auth.verifyOtp({
      token_hash: link.searchParams.get('token') ?? '',
      type: 'recovery',
    });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);
    const tooSoon = await sb.auth.resetPasswordForEmail('bence@example.com');
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.status).toBe(429);
  });

  it('resends the confirmation and sends magic links through /otp', async () => {
    configureAuth(ctx, { emailMinIntervalSeconds: 0 });
    const sb = client();
    await sb.auth.signUp({ email: 'cili@example.com', password: 'secret123' });
    const resent = await sb.auth.resend({ type: 'signup', email: 'cili@example.com' });
    expect(resent.error).toBeNull();
    expect(await mailFor('cili@example.com')).toHaveLength(2);
    const badType = await raw('/resend', {
      method: 'POST',
      body: JSON.stringify({ type: 'nope', email: 'cili@example.com' }),
    });
    expect(((await badType.json()) as { message: string }).message).toBe(
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
    const noCreate = await sb.auth.signInWithOtp({
      email: 'dora@example.com',
      options: { shouldCreateUser: false },
    });
    expect(noCreate.error?.code).toBe('otp_disabled');
    const magic = await sb.auth.signInWithOtp({ email: 'bence@example.com' });
    expect(magic.error).toBeNull();
    const [mail] = await mailFor('bence@example.com');
    expect(mail?.subject).toBe('Your Magic Link');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.searchParams.get('type')).toBe('magiclink');
    const res = await authService(new Request(link), '/verify', ctx);
    const hash = new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
    const claims = verifyJwt(hash.get('access_token') ?? '', ctx.keys.jwtSecret);
    expect(claims.ok && claims.claims.amr).toEqual([
      { method: 'magiclink', timestamp: expect.any(Number) as number },
    ]);
    configureAuth(ctx, { emailMinIntervalSeconds: 60 });
  });

  it('serves the admin endpoints to the service role only', async () => {
    const admin = client(ctx.keys.serviceRoleKey).auth.admin;
    const created = await admin.createUser({
      email: 'admin@example.com',
      password: 'secret123',
      email_confirm: true,
      app_metadata: { role: 'admin' },
      user_metadata: { full_name: 'Admin' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'admin',
    });
    const dup = await admin.createUser({ email: 'admin@example.com', password: 'secret123' });
    expect(dup.error?.code).toBe('email_exists');
    const list = await admin.listUsers({ page: 1, perPage: 2 });
    expect(list.error).toBeNull();
    expect(list.data.users).toHaveLength(2);
    expect((list.data as { total?: number }).total).toBeGreaterThanOrEqual(4);
    const id = created.data.user?.id ?? '';
    const got = await admin.getUserById(id);
    expect(got.data.user?.email).toBe('admin@example.com');
    const upd = await admin.updateUserById(id, {
      user_metadata: { level: 'B2' },
      ban_duration: '1h',
    });
    expect(upd.data.user?.user_metadata).toEqual({ full_name: 'Admin', level: 'B2' });
    const banned = await client().auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'secret123',
    });
    expect(banned.error?.code).toBe('user_banned');
    const link = await admin.generateLink({ type: 'magiclink', email: 'admin@example.com' });
    expect(link.data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(link.data.properties?.verification_type).toBe('magiclink');
    const del = await admin.deleteUser(id);
    expect(del.error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    const denied = await client().auth.admin.listUsers();
    expect(denied.error?.code).toBe('not_admin');
    expect(denied.error?.status).toBe(403);
  });

  it('answers 429 over_request_rate_limit with Retry-After past the per-address limit', async () => {
    configureAuth(ctx, { signInSignUpsPer5Min: 2 });
    const call = () =>
      raw('/recover', { method: 'POST', body: JSON.stringify({ email: 'nobody@example.com' }) });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    // 2 per 5 minutes: the next one is free in 150 s.
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(140);
    expect(((await limited.json()) as { code: string }).code).toBe('over_request_rate_limit');
    // Another endpoint has its own bucket.
    expect((await raw('/otp', { method: 'POST', body: '{"email":"x@example.com"}' })).status).toBe(
      200,
    );
    configureAuth(ctx, { signInSignUpsPer5Min: 30 });
  });

  it('signs in a user seeded with SQL crypt() and gen_salt(bf), as Supabase seed files do', async () => {
    await ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
          'seeded@example.com', crypt('seeded-pw', gen_salt('bf')), now(),
          '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    );
    const { data, error } = await client().auth.signInWithPassword({
      email: 'seeded@example.com',
      password: 'seeded-pw',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('seeded@example.com');
  });

  it('changes the e-mail once both the current and the new address confirm', async () => {
    configureAuth(ctx, { emailMinIntervalSeconds: 0 });
    const sb = client();
    const admin = client(ctx.keys.serviceRoleKey).auth.admin;
    const list = await admin.listUsers({ perPage: 100 });
    const cili = list.data.users.find((u) => u.email === 'cili@example.com');
    await admin.updateUserById(cili?.id ?? '', { email_confirm: true });
    const login = await sb.auth.signInWithPassword({
      email: 'cili@example.com',
      password: 'secret123',
    });
    expect(login.error).toBeNull();
    const upd = await sb.auth.updateUser({ email: 'cecilia@example.com' });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.email).toBe('cili@example.com');
    expect((upd.data.user as { new_email?: string } | null)?.new_email).toBe('cecilia@example.com');
    const [mail] = await mailFor('cecilia@example.com');
    expect(mail?.subject).toBe('Confirm Email Change');
    const res = await authService(new Request(mail?.links[0] ?? ''), '/verify', ctx);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location') ?? '').hash).toContain('message=Confirmation');
    const notYet = await client().auth.signInWithPassword({
      email: 'cecilia@example.com',
      password: 'secret123',
    });
    expect(notYet.error?.code).toBe('invalid_credentials');
    const [toOld] = (await mailFor('cili@example.com')).filter((m) =>
      m.subject.includes('Email Change'),
    );
    const second = await authService(new Request(toOld?.links[0] ?? ''), '/verify', ctx);
    expect(new URL(second.headers.get('location') ?? '').hash).toContain('access_token=');
    const relog = await client().auth.signInWithPassword({
      email: 'cecilia@example.com',
      password: 'secret123',
    });
    expect(relog.error).toBeNull();
    configureAuth(ctx, { emailMinIntervalSeconds: 60 });
  });

  it('serves settings and health, and JSON 404 for unknown routes', async () => {
    const settings = (await (await raw('/settings')).json()) as { external: { email: boolean } };
    expect(settings.external.email).toBe(true);
    expect((await raw('/health')).status).toBe(200);
    const missing = await raw('/nope');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
  });
});
