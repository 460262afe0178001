import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// The PKCE flow (compat §3.6) through unmodified supabase-js with flowType 'pkce', on both
// backends: sign-up, recovery, magic link and resend links redirect with ?code=, the code is
// exchanged once for a session with the stored verifier, and the errors are GoTrue's.

type Mail = { to: string; subject: string; text: string; links: string[] };

/** An auth-js storage we can look into: values are JSON, as auth-js writes them. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type PkceClient = { sb: SupabaseClient<Database>; storage: ReturnType<typeof memoryStorage> };

function pkceClient(server: TestServer): PkceClient {
  const storage = memoryStorage();
  const sb = createClient<Database>(server.url, server.ctx.keys.anonKey, {
    auth: {
      flowType: 'pkce',
      storage,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
  return { sb, storage };
}

/** The verifier auth-js keeps for the latest flow (legacy key), as stored. */
function storedVerifier(client: PkceClient): string {
  const key = [...client.storage.items.keys()].find((k) => /-auth-token-code-verifier$/.test(k));
  if (!key) throw new Error('no code verifier stored');
  return client.storage.items.get(key) ?? '';
}

/** Puts a verifier (JSON) where auth-js looks without a flow id: the legacy fixed key. */
function putVerifier(server: TestServer, client: PkceClient, json: string): void {
  for (const key of [...client.storage.items.keys()]) {
    if (key.endsWith('-code-verifier')) client.storage.items.delete(key);
  }
  const host = new URL(server.url).hostname.split('.')[0] ?? '';
  client.storage.items.set(`sb-${host}-auth-token-code-verifier`, json);
}

async function mails(server: TestServer, to: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/_dev/mail.json`);
  return ((await res.json()) as Mail[]).filter((m) => m.to === to);
}

async function latestLink(server: TestServer, to: string): Promise<URL> {
  const [mail] = await mails(server, to);
  const link = mail?.links[0];
  if (!link) throw new Error(`no mail with a link for ${to}`);
  return new URL(link);
}

/** Follows an e-mail link like a browser would, without following the redirect. */
async function click(link: URL): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

describe.each(BACKENDS)('Auth PKCE flow on %s', (backend) => {
  let server: TestServer;
  let supabaseDir: string;
  let n = 0;
  const email = (tag: string) => `${tag}-${++n}@pkce.test`;

  beforeAll(async () => {
    supabaseDir = mkdtempSync(join(tmpdir(), 'magyarul-pkce-contract-'));
    mkdirSync(join(supabaseDir, 'migrations'));
    server = await startTestServer(backend, supabaseDir);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  async function flowStates(userEmail: string): Promise<number> {
    const res = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from auth.flow_state f join auth.users u on u.id = f.user_id
        where u.email = $1`,
      [userEmail],
    );
    return res.rows[0]?.n ?? -1;
  }

  async function signUpAndClick(address: string): Promise<{ client: PkceClient; to: URL }> {
    const client = pkceClient(server);
    const { data, error } = await client.sb.auth.signUp({
      email: address,
      password: 'secret123',
      options: { emailRedirectTo: `${server.url}/welcome?next=lessons` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const link = await latestLink(server, address);
    // GoTrue's pkce_<sha224 hex>, with the server's MAC after it (auth/link-token.ts).
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}\.[\w-]{22}$/);
    return { client, to: await click(link) };
  }

  // compat: auth.pkce, auth.verify-links
  it('confirms a sign-up through a link that redirects with ?code=, exchanged for a session', async () => {
    const address = email('signup');
    const { client, to } = await signUpAndClick(address);
    expect(`${to.origin}${to.pathname}`).toBe(`${server.url}/welcome`);
    expect(to.hash).toBe('');
    const code = to.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    // GoTrue keeps the redirect's own query and adds the code to it.
    expect(to.searchParams.get('next')).toBe('lessons');

    const events: string[] = [];
    client.sb.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error } = await client.sb.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(address);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    const claims = JSON.parse(
      Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { amr: { method: string }[]; aal: string };
    expect(claims.amr.map((a) => a.method)).toEqual(['email/signup']);
    expect(claims.aal).toBe('aal1');
    expect(await flowStates(address)).toBe(0);
  });

  it('answers a second exchange of the same code with 404 flow_state_not_found', async () => {
    const address = email('twice');
    const { client, to } = await signUpAndClick(address);
    const verifier = storedVerifier(client);
    const code = to.searchParams.get('code') ?? '';
    expect((await client.sb.auth.exchangeCodeForSession(code)).error).toBeNull();

    putVerifier(server, client, verifier);
    const again = await client.sb.auth.exchangeCodeForSession(code);
    expect(again.data.session).toBeNull();
    expect(again.error?.status).toBe(404);
    expect(again.error?.code).toBe('flow_state_not_found');
    expect(again.error?.message).toBe('invalid flow state, no valid flow state found');
  });

  // compat: auth.pkce
  it('refuses a wrong verifier with 400 bad_code_verifier and keeps the flow for the right one', async () => {
    const address = email('verifier');
    const { client, to } = await signUpAndClick(address);
    const verifier = storedVerifier(client);
    const code = to.searchParams.get('code') ?? '';

    putVerifier(server, client, JSON.stringify('x'.repeat(56)));
    const wrong = await client.sb.auth.exchangeCodeForSession(code);
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('bad_code_verifier');
    expect(wrong.error?.message).toBe(
      'code challenge does not match previously saved code verifier',
    );
    expect(await flowStates(address)).toBe(1);

    putVerifier(server, client, verifier);
    expect((await client.sb.auth.exchangeCodeForSession(code)).error).toBeNull();
  });

  // compat: auth.pkce
  it('answers 422 flow_state_expired five minutes after the flow started', async () => {
    const address = email('expired');
    const { client, to } = await signUpAndClick(address);
    await server.ctx.db.query(
      `update auth.flow_state set created_at = now() - interval '301 seconds'
        where user_id = (select id from auth.users where email = $1)`,
      [address],
    );
    const late = await client.sb.auth.exchangeCodeForSession(to.searchParams.get('code') ?? '');
    expect(late.error?.status).toBe(422);
    expect(late.error?.code).toBe('flow_state_expired');
    expect(late.error?.message).toBe('invalid flow state, flow state has expired');
    // The e-mail is confirmed all the same: the link did its part.
    const signIn = await pkceClient(server).sb.auth.signInWithPassword({
      email: address,
      password: 'secret123',
    });
    expect(signIn.error).toBeNull();
  });

  it('recovers a password: the code brings PASSWORD_RECOVERY, then the password changes', async () => {
    const address = email('recover');
    const { client: first, to: confirmed } = await signUpAndClick(address);
    await first.sb.auth.exchangeCodeForSession(confirmed.searchParams.get('code') ?? '');

    const client = pkceClient(server);
    const asked = await client.sb.auth.resetPasswordForEmail(address, {
      redirectTo: `${server.url}/reset-password`,
    });
    expect(asked.error).toBeNull();
    expect(storedVerifier(client)).toMatch(/\/recovery"$/);
    const [mail] = await mails(server, address);
    expect(mail?.subject).toBe('Reset Your Password');
    const to = await click(new URL(mail?.links[0] ?? ''));
    expect(to.pathname).toBe('/reset-password');

    const events: string[] = [];
    client.sb.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await client.sb.auth.exchangeCodeForSession(
      to.searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await client.sb.auth.updateUser({ password: 'brand-new-1' })).error).toBeNull();
    const signIn = await pkceClient(server).sb.auth.signInWithPassword({
      email: address,
      password: 'brand-new-1',
    });
    expect(signIn.error).toBeNull();
  });

  it('expires a recovery code from the request, a magic-link code from the click', async () => {
    const address = email('magic');
    const { client: first, to: confirmed } = await signUpAndClick(address);
    await first.sb.auth.exchangeCodeForSession(confirmed.searchParams.get('code') ?? '');
    const backdate = () =>
      server.ctx.db.query(
        `update auth.flow_state set created_at = now() - interval '400 seconds'
          where user_id = (select id from auth.users where email = $1)`,
        [address],
      );

    const magic = pkceClient(server);
    expect(
      (
        await magic.sb.auth.signInWithOtp({
          email: address,
          options: { emailRedirectTo: `${server.url}/welcome`, shouldCreateUser: false },
        })
      ).error,
    ).toBeNull();
    const magicLink = await latestLink(server, address);
    expect(magicLink.searchParams.get('type')).toBe('magiclink');
    await backdate();
    const magicTo = await click(magicLink);
    const signedIn = await magic.sb.auth.exchangeCodeForSession(
      magicTo.searchParams.get('code') ?? '',
    );
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(address);

    await server.ctx.db.query(`update auth.users set recovery_sent_at = null where email = $1`, [
      address,
    ]);
    const recover = pkceClient(server);
    await recover.sb.auth.resetPasswordForEmail(address, { redirectTo: `${server.url}/` });
    const recoverLink = await latestLink(server, address);
    await backdate();
    const recoverTo = await click(recoverLink);
    const late = await recover.sb.auth.exchangeCodeForSession(
      recoverTo.searchParams.get('code') ?? '',
    );
    expect(late.error?.code).toBe('flow_state_expired');
  });

  it('resends a sign-up confirmation with a new flow, and accepts the typed code too', async () => {
    const address = email('resend');
    const client = pkceClient(server);
    await client.sb.auth.signUp({ email: address, password: 'secret123' });
    await server.ctx.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [address],
    );
    const resent = await client.sb.auth.resend({
      type: 'signup',
      email: address,
      options: { emailRedirectTo: `${server.url}/welcome` },
    });
    expect(resent.error).toBeNull();
    expect(await flowStates(address)).toBe(2);
    const [mail] = await mails(server, address);
    const otp = /enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    // A code typed in works in either flow (GoTrue's isOtpValid accepts the pkce_ token).
    const typed = await pkceClient(server).sb.auth.verifyOtp({
      email: address,
      token: otp,
      type: 'signup',
    });
    expect(typed.error).toBeNull();
    expect(typed.data.session?.access_token).toBeTruthy();
  });

  // compat: auth.verify-links
  it('answers an expired link with the error in both the query and the hash', async () => {
    const address = email('badlink');
    const client = pkceClient(server);
    await client.sb.auth.signUp({
      email: address,
      password: 'secret123',
      options: { emailRedirectTo: `${server.url}/welcome` },
    });
    const link = await latestLink(server, address);
    await click(link);
    const again = await click(link);
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(again.hash.slice(1)).get('error_description')).toBe(
      'Email link is invalid or has expired',
    );
    expect(again.searchParams.get('code')).toBeNull();
  });

  it('validates code_challenge like GoTrue', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.url}/auth/v1/recover`, {
        method: 'POST',
        headers: {
          apikey: server.ctx.keys.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email: 'x@pkce.test', ...body }),
      });
    const cases: [Record<string, unknown>, string][] = [
      [
        { code_challenge: 'a'.repeat(43) },
        'PKCE flow requires code_challenge_method and code_challenge',
      ],
      [
        { code_challenge_method: 's256' },
        'PKCE flow requires code_challenge_method and code_challenge',
      ],
      [
        { code_challenge: 'short', code_challenge_method: 's256' },
        'code challenge has to be between 43 and 128 characters',
      ],
      [
        { code_challenge: `${'a'.repeat(42)}!`, code_challenge_method: 's256' },
        'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', message });
    }
  });
});
