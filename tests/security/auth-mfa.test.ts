import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from '@magyarul/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { BACKENDS, startSecurityServer } from './progress-fixture.ts';
import type { Learner, SecurityServer } from './progress-fixture.ts';

// Attacks on the second factor against the app's own schema: factors of someone else, a code
// used twice, an admin whose password leaked (aal1) writing content, and the aal1 refresh token
// minting aal2 tokens. Codes come from the real clock: a verification uses the current step, a
// second one the next step, which the server accepts (±1) and which is newer than the first.

const PASSWORD = 'attack-password-1';
const STEP_MS = 30_000;
const OPTIONS = { auth: { persistSession: false, autoRefreshToken: false } };

type Db = SupabaseClient<Database>;

describe.each(BACKENDS)('second factor attacks on %s', (backend) => {
  let server: SecurityServer;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function signIn(email: string): Promise<Db> {
    const db = createClient<Database>(server.url, server.anonKey, OPTIONS);
    const { error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return db;
  }

  /** Signs in, enrols and verifies a factor with the current code. */
  async function enrolled(who: Learner): Promise<{ db: Db; factorId: string; secret: string }> {
    const db = await signIn(who.email);
    const enrolment = await db.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolment.error) throw enrolment.error;
    const { id, totp } = enrolment.data as { id: string; totp: { secret: string } };
    const verified = await db.auth.mfa.challengeAndVerify({
      factorId: id,
      code: totpCode(totp.secret),
    });
    if (verified.error) throw verified.error;
    return { db, factorId: id, secret: totp.secret };
  }

  it('does not let a learner challenge, verify or remove another user’s factor, nor list it', async () => {
    const victim = await server.signUp('victim');
    const { factorId, secret } = await enrolled(victim);
    const mallory = await server.signUp('mallory');
    const db = await signIn(mallory.email);

    const challenge = await db.auth.mfa.challenge({ factorId });
    expect([challenge.error?.status, challenge.error?.code]).toEqual([404, 'mfa_factor_not_found']);
    const verify = await db.auth.mfa.verify({
      factorId,
      challengeId: crypto.randomUUID(),
      code: totpCode(secret, Date.now() + STEP_MS),
    });
    expect(verify.error?.code).toBe('mfa_factor_not_found');
    const remove = await db.auth.mfa.unenroll({ factorId });
    expect(remove.error?.code).toBe('mfa_factor_not_found');
    // Enrolling only ever adds a factor to the caller.
    const own = await db.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'mine' });
    expect(own.error).toBeNull();
    const victimFactors = await server.service.auth.admin.mfa.listFactors({ userId: victim.id });
    expect(victimFactors.data?.factors.map((f) => f.id)).toEqual([factorId]);
    // The admin family answers the service role only.
    const session = (await db.auth.getSession()).data.session;
    for (const [method, path] of [
      ['GET', `/admin/users/${victim.id}/factors`],
      ['DELETE', `/admin/users/${victim.id}/factors/${factorId}`],
    ] as const) {
      const res = await fetch(`${server.url}/auth/v1${path}`, {
        method,
        headers: { apikey: server.anonKey, authorization: `Bearer ${session?.access_token}` },
      });
      expect(res.status).toBe(403);
    }
    expect(
      (await server.service.auth.admin.mfa.listFactors({ userId: victim.id })).data?.factors,
    ).toHaveLength(1);
  });

  it('refuses a code that was already accepted, in a new challenge or a new session', async () => {
    const who = await server.signUp('replay');
    const db = await signIn(who.email);
    const enrolment = await db.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolment.data as { id: string; totp: { secret: string } };
    const code = totpCode(totp.secret);
    expect((await db.auth.mfa.challengeAndVerify({ factorId: id, code })).error).toBeNull();

    const again = await db.auth.mfa.challengeAndVerify({ factorId: id, code });
    expect([again.error?.status, again.error?.code]).toEqual([422, 'mfa_verification_failed']);
    const elsewhere = await signIn(who.email);
    const stolen = await elsewhere.auth.mfa.challengeAndVerify({ factorId: id, code });
    expect(stolen.error?.code).toBe('mfa_verification_failed');
    const level = await elsewhere.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal1');
  });

  it('refuses content writes and admin reads to an admin with a factor at aal1, allows them at aal2', async () => {
    const admin = await server.signUp('guarded-admin', { admin: true });
    const { secret, factorId } = await enrolled(admin);
    const leaked = await signIn(admin.email);
    const level = await leaked.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const isAdmin = await leaked.rpc('is_admin');
    expect(isAdmin.data).toBe(false);
    const insert = await leaked
      .from('lessons')
      .insert({ lesson_number: 951, title: 'Leaked password', level: 'beginner' });
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
    const lessonId = await server.lessonId(1);
    const update = await leaked
      .from('lessons')
      .update({ title: 'Defaced' })
      .eq('id', lessonId)
      .select('id');
    expect(update.data).toEqual([]);
    const role = await leaked
      .from('user_roles')
      .update({ role: 'admin' })
      .neq('user_id', admin.id)
      .select('user_id');
    expect(role.data).toEqual([]);
    const upload = await leaked.storage
      .from('lesson-audio')
      .upload(`mfa-${backend}/leak.mp3`, new Blob([new Uint8Array(16)], { type: 'audio/mpeg' }));
    expect(upload.error).not.toBeNull();
    const report = await leaked.rpc('admin_user_progress', {});
    expect(report.error?.code).toBe('42501');
    const title = await server.service.from('lessons').select('title').eq('id', lessonId).single();
    expect(title.data?.title).not.toBe('Defaced');

    const up = await leaked.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, Date.now() + STEP_MS),
    });
    expect(up.error).toBeNull();
    const written = await leaked
      .from('lessons')
      .insert({ lesson_number: 951, title: 'With the second factor', level: 'beginner' })
      .select('id')
      .single();
    expect(written.error).toBeNull();
    expect((await leaked.rpc('is_admin')).data).toBe(true);
    await server.service.from('lessons').delete().eq('lesson_number', 951);
  });

  it('does not let the refresh token from before the second factor mint aal2 tokens', async () => {
    const who = await server.signUp('rt');
    const db = await signIn(who.email);
    const before = (await db.auth.getSession()).data.session;
    const enrolment = await db.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolment.data as { id: string; totp: { secret: string } };
    const verified = await db.auth.mfa.challengeAndVerify({
      factorId: id,
      code: totpCode(totp.secret),
    });
    expect(verified.error).toBeNull();

    const res = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: before?.refresh_token }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { access_token?: string; code: string };
    expect(body.access_token).toBeUndefined();
    expect(body.code).toBe('refresh_token_already_used');
  });
});
