import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startSecurityServer } from './progress-fixture.ts';
import type { SecurityServer } from './progress-fixture.ts';

// Attacks on the PKCE flow against the app's server: a code spent twice, a code with someone
// else's (or no) verifier, and a PKCE link turned into an implicit one by dropping its prefix.
// The password-recovery mail is the target: its code would let the holder set a new password.

type Mail = { to: string; links: string[] };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe.each(BACKENDS)('PKCE attacks on %s', (backend) => {
  let server: SecurityServer;

  beforeAll(async () => {
    server = await startSecurityServer(backend);
  });

  afterAll(async () => {
    await server?.stop();
  });

  function pkceClient() {
    const storage = memoryStorage();
    const sb = createClient<Database>(server.url, server.anonKey, {
      auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false },
    });
    return { sb, storage };
  }

  const verifierKey = () =>
    `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token-code-verifier`;

  /** Asks for a recovery mail with a fresh PKCE client; the link is not followed yet. */
  async function recoveryLink(email: string) {
    const victim = pkceClient();
    const asked = await victim.sb.auth.resetPasswordForEmail(email, {
      redirectTo: `${server.url}/reset-password`,
    });
    if (asked.error) throw asked.error;
    const stored = victim.storage.items.get(verifierKey()) ?? '""';
    const verifier = (JSON.parse(stored) as string).split('/')[0] ?? '';
    const mails = (await (await fetch(`${server.url}/_dev/mail.json`)).json()) as Mail[];
    const link = new URL(mails.find((m) => m.to === email)?.links[0] ?? '');
    return { victim, stored, verifier, link };
  }

  async function follow(link: URL): Promise<URL> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '');
  }

  /** A recovery mail's link followed: the code it hands out. */
  async function recoveryCode(email: string) {
    const asked = await recoveryLink(email);
    const code = (await follow(asked.link)).searchParams.get('code') ?? '';
    return { ...asked, code };
  }

  it('spends a code once: a second exchange, even with the right verifier, gets no session', async () => {
    const target = await server.signUp('pkce-twice');
    const { victim, stored, code } = await recoveryCode(target.email);
    expect((await victim.sb.auth.exchangeCodeForSession(code)).error).toBeNull();

    const thief = pkceClient();
    thief.storage.items.set(verifierKey(), stored);
    const again = await thief.sb.auth.exchangeCodeForSession(code);
    expect(again.data.session).toBeNull();
    expect([again.error?.status, again.error?.code]).toEqual([404, 'flow_state_not_found']);
  });

  it('refuses a stolen code without its verifier, with a guessed one, or with another flow’s', async () => {
    const target = await server.signUp('pkce-verifier');
    const { code } = await recoveryCode(target.email);
    const raw = (codeVerifier: string) =>
      fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: codeVerifier }),
      });
    const empty = await raw('');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('validation_failed');
    for (const guess of ['a'.repeat(43), 'x'.repeat(128)]) {
      const res = await raw(guess);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('bad_code_verifier');
    }
    // The attacker's own flow gives them a verifier, but not the one for this code.
    const attacker = await server.signUp('pkce-attacker');
    const own = await recoveryCode(attacker.email);
    const mixed = await raw(own.verifier);
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as { code: string }).code).toBe('bad_code_verifier');
    const signIn = await createClient<Database>(server.url, server.anonKey, {
      auth: { persistSession: false },
    }).auth.signInWithPassword({ email: target.email, password: 'attack-password-1' });
    expect(signIn.error).toBeNull();
  });

  it('does not answer a PKCE link stripped of its prefix with tokens in the hash', async () => {
    const target = await server.signUp('pkce-strip');
    const { link } = await recoveryLink(target.email);
    const token = link.searchParams.get('token') ?? '';
    expect(token.startsWith('pkce_')).toBe(true);
    const stripped = new URL(link);
    stripped.searchParams.set('token', token.slice('pkce_'.length));
    const location = await follow(stripped);
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('access_token')).toBeNull();
    expect(hash.get('error_code')).toBe('otp_expired');
    // The link as mailed was live all along: it still hands out a code (and no tokens).
    const real = await follow(link);
    expect(real.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    expect(real.hash).toBe('');
  });
});
