import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../../../supabase/types/database.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { PublishCredentials, PublishTarget } from '../../../shared/model.ts';
import { isInsecureTarget } from '../../../shared/insecure-url.ts';
import { StudioFailure } from '../../dispatch.ts';
import type { SettingsRepo } from '../drafts/settings-repo.ts';

export { isInsecureTarget } from '../../../shared/insecure-url.ts';

/** The studio's client, typed by the generated schema so row shapes are checked. */
export type StudioClient = SupabaseClient<Database>;

const TARGET_KEYS = { url: 'publish.url', anonKey: 'publish.anon-key', email: 'publish.email' };

/** The server, key and e-mail last used; the password is never stored. */
export function rememberedTarget(settings: SettingsRepo): PublishTarget | null {
  const url = settings.get(TARGET_KEYS.url);
  if (url === undefined) return null;
  return {
    url,
    anonKey: settings.get(TARGET_KEYS.anonKey) ?? '',
    email: settings.get(TARGET_KEYS.email) ?? '',
  };
}

function remember(settings: SettingsRepo, target: PublishTarget): void {
  settings.set(TARGET_KEYS.url, target.url);
  settings.set(TARGET_KEYS.anonKey, target.anonKey);
  settings.set(TARGET_KEYS.email, target.email);
}

export type Session = { readonly client: StudioClient; readonly close: () => Promise<void> };

const fail = (code: Parameters<typeof studioMessage>[0], params: Record<string, string> = {}) =>
  new StudioFailure(code, studioMessage(code, params));

/**
 * Sessions that passed the second factor, per server and account, kept in memory while the
 * studio runs: Check and Publish each sign in, and a 6-digit code works once, so the second
 * step reuses the first one's aal2 session instead of asking for another code. The password is
 * still checked by a fresh sign-in every time.
 */
const verifiedSessions = new Map<string, StudioClient>();

function sessionKey(credentials: PublishCredentials): string {
  return [credentials.url, credentials.anonKey, credentials.email.toLowerCase()].join('\n');
}

/** Forgets every kept aal2 session (tests; a signed-out studio). */
export function forgetVerifiedSessions(): void {
  verifiedSessions.clear();
}

/** A kept aal2 session for this account, refreshed, or null. */
async function keptSession(key: string): Promise<StudioClient | null> {
  const kept = verifiedSessions.get(key);
  if (!kept) return null;
  const { data, error } = await kept.auth.refreshSession();
  if (error || !data.session) {
    verifiedSessions.delete(key);
    return null;
  }
  const level = await kept.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level.data?.currentLevel !== 'aal2') {
    verifiedSessions.delete(key);
    return null;
  }
  return kept;
}

/**
 * The account has a verified second factor and this session has not used it: upgrade with the
 * author's code (or a kept aal2 session). Returns the client to publish with.
 */
async function secondFactor(
  client: StudioClient,
  credentials: PublishCredentials,
  close: () => Promise<void>,
): Promise<{ client: StudioClient; kept: boolean }> {
  const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level.error) {
    await close();
    throw fail('sign-in-failed', { reason: level.error.message });
  }
  if (level.data.nextLevel !== 'aal2' || level.data.currentLevel === 'aal2') {
    return { client, kept: false };
  }
  const key = sessionKey(credentials);
  const kept = await keptSession(key);
  if (kept) {
    // The password was right; the fresh aal1 session is not needed (only it is signed out).
    await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    return { client: kept, kept: true };
  }
  const code = (credentials.mfaCode ?? '').replace(/\s+/g, '');
  if (code === '') {
    await close();
    throw fail('mfa-code-required', { email: credentials.email });
  }
  const factors = await client.auth.mfa.listFactors();
  const factor = factors.data?.totp[0];
  if (!factor) {
    await close();
    throw fail('sign-in-failed', { reason: factors.error?.message ?? 'no TOTP factor' });
  }
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (verified.error) {
    await close();
    if (verified.error.code === 'mfa_verification_failed') throw fail('mfa-code-invalid');
    throw fail('sign-in-failed', { reason: verified.error.message });
  }
  verifiedSessions.set(key, client);
  return { client, kept: true };
}

/**
 * Signs the author in, after the checks that must come before a password leaves the machine:
 * a real http(s) URL, and plain http only to this computer unless the author agreed. An
 * account with two-factor authentication also gives its authenticator code (admin writes need
 * an aal2 session on the server). Then the account must be an admin (the server's is_admin(),
 * as RLS sees it), else nothing more is tried. Server, key and e-mail are remembered for next
 * time; the password and the code never are.
 */
export async function openSession(
  credentials: PublishCredentials,
  settings: SettingsRepo,
): Promise<Session> {
  let url: URL;
  try {
    url = new URL(credentials.url);
  } catch {
    throw fail('bad-server-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('bad-server-url');
  remember(settings, credentials);
  if (isInsecureTarget(credentials.url) && !credentials.allowInsecure) {
    throw fail('insecure-password');
  }
  const fresh = createClient<Database>(credentials.url, credentials.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const signIn = await fresh.auth.signInWithPassword({
    email: credentials.email,
    password: credentials.password,
  });
  if (signIn.error) throw fail('sign-in-failed', { reason: signIn.error.message });
  const signOut = async () => {
    await fresh.auth.signOut().catch(() => undefined);
  };
  const { client, kept } = await secondFactor(fresh, credentials, signOut);
  // A kept aal2 session stays signed in for the next step; any other is signed out after use.
  const close = kept ? async () => undefined : signOut;
  const admin = await client.rpc('is_admin');
  if (admin.error || admin.data !== true) {
    verifiedSessions.delete(sessionKey(credentials));
    await client.auth.signOut().catch(() => undefined);
    throw fail('not-admin', { email: credentials.email });
  }
  return { client, close };
}
