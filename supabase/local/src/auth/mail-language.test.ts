import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deMail, esMail } from '@magyarul/core/messages';
import type { Database } from '../../../types/database.ts';
import { devMailService } from '../mail/index.ts';
import { authService, configureAuth } from './index.ts';
import { createTestContext, serviceFetch, type TestContext } from './test-context.ts';

// Issue 29 point 6: the auth e-mails (sign-up, password reset, e-mail change) in the learner's
// language, the `language` of their user metadata (as hosted's templates read `.Data.language`).

type Mail = { to: string; subject: string; text: string; html: string };

describe('auth e-mails in the learner’s language', () => {
  let ctx: TestContext;
  let fetchImpl: typeof fetch;
  const url = 'http://127.0.0.1:54321';
  const client = (): SupabaseClient<Database> =>
    createClient<Database>(url, ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchImpl },
    });
  const latest = async (to: string): Promise<Mail | undefined> => {
    const res = await devMailService(
      new Request(`${url}/_dev/mail.json?to=${encodeURIComponent(to)}`),
      '/mail.json',
      ctx,
    );
    return ((await res.json()) as Mail[])[0];
  };
  const signUp = async (email: string, language?: string) => {
    const { error } = await client().auth.signUp({
      email,
      password: 'secret123',
      options: { data: language ? { name: 'X', language } : { name: 'X' } },
    });
    expect(error).toBeNull();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    fetchImpl = serviceFetch(ctx, { '/auth/v1': authService });
    configureAuth(ctx, { emailMinIntervalSeconds: 0 });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('returns the sign-up confirmation in German, Spanish or English by the sign-up language', async () => {
    await signUp('de@example.com', 'de');
    await signUp('es@example.com', 'es');
    await signUp('en@example.com');
    await signUp('fr@example.com', 'fr');
    const de = await latest('de@example.com');
    expect(de?.subject).toBe(deMail['signup.subject']);
    expect(de?.text).toContain(deMail['signup.intro']);
    expect(de?.html).toContain('lang="de"');
    expect(de?.html).toContain(deMail['signup.action']);
    expect((await latest('es@example.com'))?.subject).toBe(esMail['signup.subject']);
    expect((await latest('en@example.com'))?.subject).toBe('Confirm Your Signup');
    expect((await latest('fr@example.com'))?.subject).toBe('Confirm Your Signup');
  });

  it('returns the password reset in the language of the account, and follows a change of it', async () => {
    const sb = client();
    expect((await sb.auth.resetPasswordForEmail('de@example.com')).error).toBeNull();
    const reset = await latest('de@example.com');
    expect(reset?.subject).toBe(deMail['recovery.subject']);
    expect(reset?.text).toContain(deMail.enterCode.replace('{code}', ''));

    // The learner switches to Spanish (the web keeps the metadata current): Spanish from now on.
    const admin = createClient<Database>(url, ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: fetchImpl },
    }).auth.admin;
    const users = await admin.listUsers({ perPage: 100 });
    const id = users.data.users.find((u) => u.email === 'de@example.com')?.id ?? '';
    await admin.updateUserById(id, { email_confirm: true });
    const signedIn = client();
    await signedIn.auth.signInWithPassword({ email: 'de@example.com', password: 'secret123' });
    expect((await signedIn.auth.updateUser({ data: { language: 'es' } })).error).toBeNull();
    expect((await sb.auth.resetPasswordForEmail('de@example.com')).error).toBeNull();
    expect((await latest('de@example.com'))?.subject).toBe(esMail['recovery.subject']);

    // An e-mail change is confirmed at the new address, in the account's language.
    expect((await signedIn.auth.updateUser({ email: 'nuevo@example.com' })).error).toBeNull();
    expect((await latest('nuevo@example.com'))?.subject).toBe(esMail['email_change.subject']);
  });
});
