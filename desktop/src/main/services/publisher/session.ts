import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { studioMessage } from '../../../shared/messages.ts';
import type { PublishCredentials, PublishTarget } from '../../../shared/model.ts';
import { isInsecureTarget } from '../../../shared/insecure-url.ts';
import { StudioFailure } from '../../dispatch.ts';
import type { SettingsRepo } from '../drafts/settings-repo.ts';

export { isInsecureTarget } from '../../../shared/insecure-url.ts';

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

export type Session = { readonly client: SupabaseClient; readonly close: () => Promise<void> };

const fail = (code: Parameters<typeof studioMessage>[0], params: Record<string, string> = {}) =>
  new StudioFailure(code, studioMessage(code, params));

/**
 * Signs the author in, after the checks that must come before a password leaves the machine:
 * a real http(s) URL, and plain http only to this computer unless the author agreed. Then the
 * account must be an admin (the server's is_admin(), as RLS sees it), else nothing more is
 * tried. Server, key and e-mail are remembered for next time; the password never is.
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
  const client = createClient(credentials.url, credentials.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const signIn = await client.auth.signInWithPassword({
    email: credentials.email,
    password: credentials.password,
  });
  if (signIn.error) throw fail('sign-in-failed', { reason: signIn.error.message });
  const close = async () => {
    await client.auth.signOut().catch(() => undefined);
  };
  const admin = await client.rpc('is_admin');
  if (admin.error || admin.data !== true) {
    await close();
    throw fail('not-admin', { email: credentials.email });
  }
  return { client, close };
}
