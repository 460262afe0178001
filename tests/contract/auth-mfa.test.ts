import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { configureAuth, totpCode } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// TOTP factors, assurance levels, reauthentication and the JWKS endpoint (compat §3.1) through
// unmodified supabase-js on both backends. The server's TOTP clock is stepped by the test
// (configureAuth totpClock), so a code of the next 30-second step is used without waiting.

const PASSWORD = 'secret123';
const STEP = 30_000;

type Mail = { to: string; subject: string; text: string };

function claimsOf(token: string): { aal: string; amr: { method: string }[]; session_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    aal: string;
    amr: { method: string }[];
    session_id: string;
  };
}

describe.each(BACKENDS)('Auth MFA, reauthentication and JWKS on %s', (backend) => {
  let server: TestServer;
  let supabaseDir: string;
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  let n = 0;

  beforeAll(async () => {
    supabaseDir = mkdtempSync(join(tmpdir(), 'magyarul-mfa-contract-'));
    mkdirSync(join(supabaseDir, 'migrations'));
    server = await startTestServer(backend, supabaseDir, { autoconfirm: true });
    configureAuth(server.ctx, { totpClock: () => now, emailMinIntervalSeconds: 0 });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  function client(): SupabaseClient<Database> {
    return createClient<Database>(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async function signedUp(): Promise<{ sb: SupabaseClient<Database>; email: string; id: string }> {
    const email = `mfa-${++n}@mfa.test`;
    const sb = client();
    const { data, error } = await sb.auth.signUp({ email, password: PASSWORD });
    if (error || !data.user) throw error ?? new Error('no user');
    return { sb, email, id: data.user.id };
  }

  async function signIn(email: string): Promise<SupabaseClient<Database>> {
    const sb = client();
    const { error } = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return sb;
  }

  /** Enrols and verifies a TOTP factor; returns its id and secret. */
  async function withFactor(
    sb: SupabaseClient<Database>,
  ): Promise<{ factorId: string; secret: string }> {
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (enrolled.error) throw enrolled.error;
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    now += STEP;
    const verified = await sb.auth.mfa.challengeAndVerify({
      factorId: id,
      code: totpCode(totp.secret, now),
    });
    if (verified.error) throw verified.error;
    return { factorId: id, secret: totp.secret };
  }

  // compat: auth.totp, auth.phone
  it('enrols a TOTP factor: secret, otpauth URI and an SVG QR code as a data URI', async () => {
    const { sb, email } = await signedUp();
    const { data, error } = await sb.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator',
    });
    expect(error).toBeNull();
    const factor = data as {
      id: string;
      type: string;
      friendly_name: string;
      totp: { qr_code: string; secret: string; uri: string };
    };
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Authenticator');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    // Unverified: listed on the user, not among the verified TOTP factors, no aal2 needed yet.
    const listed = await sb.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);
    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const same = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator' });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('mfa_factor_name_conflict');
    const phone = await sb.auth.mfa.enroll({ factorType: 'phone', phone: '+3612345678' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
  });

  // compat: auth.totp
  it('verifies a code within one step: aal2 with totp in amr, a new refresh token, the user lists it', async () => {
    const { sb } = await signedUp();
    const before = (await sb.auth.getSession()).data.session;
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const challenge = await sb.auth.mfa.challenge({ factorId: id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await sb.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data?.id ?? '',
      code: totpCode(totp.secret, now + 3 * STEP),
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');

    const events: string[] = [];
    sb.auth.onAuthStateChange((event) => void events.push(event));
    // A code one step old is still accepted (skew ±1).
    const ok = await sb.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data?.id ?? '',
      code: totpCode(totp.secret, now - STEP),
    });
    expect(ok.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = claimsOf(ok.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method)).toEqual(['totp', 'password']);
    expect(claims.session_id).toBe(claimsOf(before?.access_token ?? '').session_id);
    expect(ok.data?.refresh_token).not.toBe(before?.refresh_token);

    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const user = await sb.auth.getUser();
    expect(user.data.user?.factors?.map((f) => [f.id, f.factor_type, f.status])).toEqual([
      [id, 'totp', 'verified'],
    ]);
    // The aal2 session survives a refresh.
    const refreshed = await sb.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
    // A challenge is verified once.
    const reused = await sb.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data?.id ?? '',
      code: totpCode(totp.secret, now + STEP),
    });
    expect(reused.error?.code).toBe('mfa_ip_address_mismatch');
  });

  it('refuses a code already used, even in a new challenge', async () => {
    const { sb } = await signedUp();
    const { factorId, secret } = await withFactor(sb);
    const used = totpCode(secret, now);
    const replay = await sb.auth.mfa.challengeAndVerify({ factorId, code: used });
    expect(replay.error?.status).toBe(422);
    expect(replay.error?.code).toBe('mfa_verification_failed');
    now += STEP;
    const next = await sb.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now) });
    expect(next.error).toBeNull();
  });

  // compat: auth.totp
  it('signs in at aal1 with aal2 next; other aal1 sessions end when one verifies', async () => {
    const { sb, email } = await signedUp();
    const { factorId, secret } = await withFactor(sb);
    const laptop = await signIn(email);
    const phone = await signIn(email);
    const level = await laptop.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(claimsOf((await laptop.auth.getSession()).data.session?.access_token ?? '').amr).toEqual(
      [expect.objectContaining({ method: 'password' })],
    );

    // aal1 with a verified factor: no new factor, no unenrolling, no password or e-mail change.
    const another = await laptop.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(another.error?.status).toBe(403);
    expect(another.error?.code).toBe('insufficient_aal');
    const drop = await laptop.auth.mfa.unenroll({ factorId });
    expect(drop.error?.status).toBe(422);
    expect(drop.error?.code).toBe('insufficient_aal');
    const change = await laptop.auth.updateUser({ password: 'another-pass-1' });
    expect(change.error?.status).toBe(401);
    expect(change.error?.code).toBe('insufficient_aal');
    expect((await laptop.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();

    now += STEP;
    const up = await laptop.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now) });
    expect(up.error).toBeNull();
    const phoneToken = (await phone.auth.getSession()).data.session?.access_token ?? '';
    const gone = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.ctx.keys.anonKey, authorization: `Bearer ${phoneToken}` },
    });
    expect(gone.status).toBe(403);
    expect(await gone.json()).toMatchObject({ code: 'session_not_found' });
    expect((await sb.auth.getUser()).error).toBeNull();
    expect((await laptop.auth.updateUser({ password: 'another-pass-1' })).error).toBeNull();
  });

  it('unenrols at aal2 and the session goes back to aal1', async () => {
    const { sb } = await signedUp();
    const { factorId } = await withFactor(sb);
    const removed = await sb.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    const refreshed = await sb.auth.refreshSession();
    const claims = claimsOf(refreshed.data.session?.access_token ?? '');
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((a) => a.method)).toEqual(['password']);
    expect((await sb.auth.getUser()).data.user?.factors ?? []).toEqual([]);
  });

  it('keeps factors to their owner: another user gets 404 for the id', async () => {
    const owner = await signedUp();
    const { factorId } = await withFactor(owner.sb);
    const other = await signedUp();
    const challenge = await other.sb.auth.mfa.challenge({ factorId });
    expect(challenge.error?.status).toBe(404);
    expect(challenge.error?.code).toBe('mfa_factor_not_found');
    const drop = await other.sb.auth.mfa.unenroll({ factorId });
    expect(drop.error?.code).toBe('mfa_factor_not_found');
  });

  // compat: auth.admin
  it('lists and deletes a user’s factors through the admin API, for the service role only', async () => {
    const { sb, id } = await signedUp();
    const { factorId } = await withFactor(sb);
    const admin = createClient<Database>(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const listed = await admin.auth.admin.mfa.listFactors({ userId: id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status, f.factor_type])).toEqual([
      [factorId, 'verified', 'totp'],
    ]);
    const asUser = await fetch(`${server.url}/auth/v1/admin/users/${id}/factors`, {
      headers: {
        apikey: server.ctx.keys.anonKey,
        authorization: `Bearer ${(await sb.auth.getSession()).data.session?.access_token}`,
      },
    });
    expect(asUser.status).toBe(403);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(deleted.error).toBeNull();
    // auth-js 2.119 hands back the body wrapped once more ({ data: factor, error: null }).
    expect(JSON.stringify(deleted.data)).toContain(`"id":"${factorId}"`);
    const refreshed = await sb.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    const missing = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(missing.error?.status).toBe(404);
  });

  // compat: auth.reauthenticate
  it('mails a reauthentication nonce; PUT /user ignores a nonce unless secure password change asks', async () => {
    const { sb, email } = await signedUp();
    const sent = await sb.auth.reauthenticate();
    expect(sent.error).toBeNull();
    const res = await fetch(`${server.url}/_dev/mail.json`);
    const mail = ((await res.json()) as Mail[]).find((m) => m.to === email);
    expect(mail?.subject).toBe('Confirm reauthentication');
    const nonce = /Enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(nonce).toMatch(/^\d{6}$/);

    // Off (GoTrue's and hosted's default): a password change needs no nonce, a wrong one is unread.
    expect((await sb.auth.updateUser({ password: 'second-pass-1', nonce: '000000' })).error).toBe(
      null,
    );

    configureAuth(server.ctx, { securePasswordChange: true });
    try {
      // On, a session signed in within 24 hours still needs none.
      expect((await sb.auth.updateUser({ password: 'third-pass-1' })).error).toBeNull();
      const sessionId = claimsOf(
        (await sb.auth.getSession()).data.session?.access_token ?? '',
      ).session_id;
      await server.ctx.db.query(
        `update auth.sessions set created_at = now() - interval '25 hours' where id = $1`,
        [sessionId],
      );
      const missing = await sb.auth.updateUser({ password: 'fourth-pass-1' });
      expect(missing.error?.status).toBe(400);
      expect(missing.error?.code).toBe('reauthentication_needed');
      const wrong = await sb.auth.updateUser({ password: 'fourth-pass-1', nonce: '000000' });
      expect(wrong.error?.status).toBe(422);
      expect(wrong.error?.code).toBe('reauthentication_not_valid');
      expect(wrong.error?.message).toBe('Nonce has expired or is invalid');
      expect((await sb.auth.updateUser({ password: 'fourth-pass-1', nonce })).error).toBeNull();
      // Spent.
      const again = await sb.auth.updateUser({ password: 'fifth-pass-1', nonce });
      expect(again.error?.code).toBe('reauthentication_not_valid');
    } finally {
      configureAuth(server.ctx, { securePasswordChange: false });
    }
  });

  // compat: auth.jwks, auth.unsupported
  it('serves an empty key list at .well-known/jwks.json, as hosted does with the HS256 secret', async () => {
    const res = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: server.ctx.keys.anonKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await res.json()).toEqual({ keys: [] });
    // getClaims() therefore verifies an HS256 token with GET /user.
    const { sb } = await signedUp();
    const claims = await sb.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.aal).toBe('aal1');
  });
});
