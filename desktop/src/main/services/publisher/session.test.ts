import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../../../supabase/local/src/auth/totp.ts';
import type { Backend } from '../../../../test/support/backend.ts';
import { createAccount, startBackendProcess } from '../../../../test/support/backend.ts';
import type { PublishCredentials } from '../../../shared/model.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { forgetVerifiedSessions, openSession } from './session.ts';

// Publishing as an admin with two-factor authentication, against a real embedded backend (its
// own process, real clock): without a code the studio says so, a wrong code is refused, the
// right one gives an aal2 session that can write, and the next step reuses it without a code.
// Codes: the current step when the factor is set up, the next step in the studio.

const ADMIN = { email: 'studio-mfa@magyarul.local', password: 'studio-mfa-pw' };

describe('openSession for an admin with a second factor', () => {
  const base = mkdtempSync(join(tmpdir(), 'publish-mfa-'));
  let backend: Backend;
  let store: DraftsStore;
  let secret = '';
  const credentials = (extra: Partial<PublishCredentials> = {}): PublishCredentials => ({
    url: backend.url,
    anonKey: backend.anonKey,
    ...ADMIN,
    allowInsecure: false,
    ...extra,
  });

  beforeAll(async () => {
    store = openDraftsStore(join(base, 'drafts.sqlite'));
    backend = await startBackendProcess(join(base, 'backend'));
    await createAccount(backend, ADMIN, true);
    const admin = createClient<Database>(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await admin.auth.signInWithPassword(ADMIN);
    const enrolled = await admin.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolled.error) throw enrolled.error;
    secret = enrolled.data.totp.secret;
    const verified = await admin.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totpCode(secret),
    });
    if (verified.error) throw verified.error;
    forgetVerifiedSessions();
  }, 180_000);

  afterAll(async () => {
    forgetVerifiedSessions();
    await backend?.kill();
    store?.db.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('asks for the code, refuses a wrong one, then publishes at aal2 and keeps that session', async () => {
    await expect(openSession(credentials(), store.settings)).rejects.toMatchObject({
      code: 'mfa-code-required',
      message: expect.stringContaining(`The account ${ADMIN.email} uses two-factor authentication`),
    });
    await expect(
      openSession(credentials({ mfaCode: '000000' }), store.settings),
    ).rejects.toMatchObject({ code: 'mfa-code-invalid' });

    const session = await openSession(
      credentials({ mfaCode: totpCode(secret, Date.now() + 30_000) }),
      store.settings,
    );
    const level = await session.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    const written = await session.client
      .from('lessons')
      .insert({ lesson_number: 961, title: 'Studio at aal2', level: 'beginner' })
      .select('id')
      .single();
    expect(written.error).toBeNull();
    await session.close();

    // Publish after Check: no second code needed, the password is still checked.
    const next = await openSession(credentials(), store.settings);
    expect((await next.client.rpc('is_admin')).data).toBe(true);
    const removed = await next.client
      .from('lessons')
      .delete()
      .eq('lesson_number', 961)
      .select('id');
    expect(removed.data).toHaveLength(1);
    await next.close();
    await expect(
      openSession(credentials({ password: 'wrong' }), store.settings),
    ).rejects.toMatchObject({ code: 'sign-in-failed' });
  }, 60_000);
});
