import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// The features this project runs with off answer as hosted GoTrue does with them off: each its
// named error (docs/supabase-compat.md, Auth), through unmodified supabase-js on both backends.

const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(BACKENDS)('Auth with features off on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let signedIn: SupabaseClient;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'magyarul-auth-off-'));
    mkdirSync(join(dir, 'migrations'));
    server = await startTestServer(backend, dir);
    anon = createClient(server.url, server.ctx.keys.anonKey, options);
    const admin = createClient(server.url, server.ctx.keys.serviceRoleKey, options);
    const created = await admin.auth.admin.createUser({
      email: 'off@features.test',
      password: 'secret123',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    signedIn = createClient(server.url, server.ctx.keys.anonKey, options);
    const login = await signedIn.auth.signInWithPassword({
      email: 'off@features.test',
      password: 'secret123',
    });
    if (login.error) throw login.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const named = (error: unknown) => {
    const e = error as { status?: number; code?: string; message?: string } | null;
    return { status: e?.status, code: e?.code, message: e?.message };
  };

  // compat: auth.phone, auth.disabled-features
  it('returns phone_provider_disabled for phone sign-up, OTP, resend and password sign-in', async () => {
    // GoTrue's texts per route (signup.go, otp.go, resend.go, token.go).
    expect(
      named((await anon.auth.signUp({ phone: '+3612345678', password: 'secret123' })).error),
    ).toEqual({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone signups are disabled',
    });
    expect(named((await anon.auth.signInWithOtp({ phone: '+3612345678' })).error)).toEqual({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
    expect(named((await anon.auth.resend({ phone: '+3612345678', type: 'sms' })).error)).toEqual({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    expect(
      named((await anon.auth.signInWithPassword({ phone: '+3612345678', password: 'x' })).error),
    ).toEqual({
      status: 422,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
  });

  // compat: auth.phone, auth.disabled-features
  it('returns otp_expired for an SMS code: no phone user exists', async () => {
    const { error } = await anon.auth.verifyOtp({
      phone: '+3612345678',
      token: '123456',
      type: 'sms',
    });
    expect(named(error)).toEqual({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  // compat: auth.anonymous, auth.disabled-features
  it('returns anonymous_provider_disabled for an anonymous sign-in', async () => {
    expect(named((await anon.auth.signInAnonymously()).error)).toEqual({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
  });

  // compat: auth.providers-off, auth.disabled-features
  it('returns saml_provider_disabled for SSO', async () => {
    expect(named((await anon.auth.signInWithSSO({ domain: 'example.com' })).error)).toEqual({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
  });

  // compat: auth.providers-off, auth.disabled-features
  it('returns manual_linking_disabled for identity linking, after authentication', async () => {
    const res = await fetch(`${server.url}/auth/v1/user/identities/authorize?provider=github`, {
      headers: { apikey: server.ctx.keys.anonKey },
    });
    expect(res.status).toBe(401);
    const session = (await signedIn.auth.getSession()).data.session;
    const linked = await fetch(`${server.url}/auth/v1/user/identities/authorize?provider=github`, {
      headers: {
        apikey: server.ctx.keys.anonKey,
        authorization: `Bearer ${session?.access_token ?? ''}`,
      },
    });
    expect(linked.status).toBe(404);
    expect(await linked.json()).toMatchObject({
      error_code: 'manual_linking_disabled',
      msg: 'Manual linking is disabled',
    });
  });

  // compat: auth.providers-off, auth.disabled-features
  it('returns provider_disabled for an id_token grant and web3_provider_disabled for web3', async () => {
    const idToken = await anon.auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(named(idToken.error)).toEqual({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const web3 = await fetch(`${server.url}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: server.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect(web3.status).toBe(422);
    expect(await web3.json()).toMatchObject({
      error_code: 'web3_provider_disabled',
      msg: 'Web3 provider is disabled',
    });
  });

  // compat: auth.admin, auth.disabled-features
  it('refuses admin user pages that are not unsigned integers, as GoTrue parses them', async () => {
    const res = await fetch(`${server.url}/auth/v1/admin/users?page=-1`, {
      headers: {
        apikey: server.ctx.keys.serviceRoleKey,
        authorization: `Bearer ${server.ctx.keys.serviceRoleKey}`,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    });
    const fine = await fetch(`${server.url}/auth/v1/admin/users?page=1&per_page=10`, {
      headers: {
        apikey: server.ctx.keys.serviceRoleKey,
        authorization: `Bearer ${server.ctx.keys.serviceRoleKey}`,
      },
    });
    expect(fine.status).toBe(200);
  });
});
