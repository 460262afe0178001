import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, serviceFetch, type TestContext } from '../auth/test-context.ts';
import { signJwt } from '../jwt.ts';
import { parseToml, tomlTable, verifyJwtSetting } from './config-toml.ts';
import { functionsService } from './index.ts';

// The functions router with handlers written to a temp supabase/ folder, driven by supabase-js.

const handlers: Record<string, string> = {
  echo: `export async function handler(req: Request, env: Record<string, string | undefined>): Promise<Response> {
  const body = req.method === 'POST' ? await req.json() : null;
  return new Response(JSON.stringify({
    method: req.method, body, auth: req.headers.get('authorization'),
    url: env.SUPABASE_URL, anon: env.SUPABASE_ANON_KEY, service: env.SUPABASE_SERVICE_ROLE_KEY,
  }), { headers: { 'content-type': 'application/json' } });
}`,
  'env-names': `export async function handler(_req: Request, env: Record<string, string | undefined>): Promise<Response> {
  return new Response(JSON.stringify(Object.keys(env).filter((k) => env[k] !== undefined).sort()));
}`,
  open: `export async function handler(): Promise<Response> { return new Response('open', { status: 200 }); }`,
  teapot: `export async function handler(): Promise<Response> {
  return new Response(JSON.stringify({ code: 'teapot', message: 'short and stout' }), {
    status: 418, headers: { 'content-type': 'application/json', 'access-control-allow-origin': 'https://x.example' } });
}`,
  boom: `export async function handler(): Promise<Response> { throw new Error('secret internals at /etc/x'); }`,
  'no-export': `export const nothing = 1;`,
};

describe('functionsService', () => {
  let ctx: TestContext;
  let fetchImpl: typeof fetch;
  const url = 'http://127.0.0.1:54321';

  const client = (token?: string) =>
    createClient<Database>(url, ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: fetchImpl,
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      },
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const [name, source] of Object.entries(handlers)) {
      mkdirSync(join(ctx.config.supabaseDir, 'functions', name), { recursive: true });
      writeFileSync(join(ctx.config.supabaseDir, 'functions', name, 'handler.ts'), source);
    }
    writeFileSync(
      join(ctx.config.supabaseDir, 'config.toml'),
      '# local config\nproject_id = "test"\n\n[functions.open]\nverify_jwt = false # public\n\n[functions.env-names]\nverify_jwt = false\n\n[functions.echo]\nverify_jwt = true\n',
    );
    fetchImpl = serviceFetch(ctx, { '/functions/v1': functionsService });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('runs handler.ts with the Supabase env and the caller JWT', async () => {
    const user = signJwt(
      { sub: 'u1', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      ctx.keys.jwtSecret,
    );
    const { data, error } = await client(user).functions.invoke('echo', {
      body: { hello: 'világ' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      body: { hello: 'világ' },
      auth: `Bearer ${user}`,
      url,
      anon: ctx.keys.anonKey,
      service: ctx.keys.serviceRoleKey,
    });
  });

  it('returns only the variables hosted gives a function: SUPABASE_* and the secrets of functions/.env', async () => {
    // The server's own environment (JWT_SECRET, DATABASE_URL, PATH …) stays out, as on hosted.
    process.env.JWT_SECRET_OF_THIS_TEST = 'must not leak';
    writeFileSync(
      join(ctx.config.supabaseDir, 'functions', '.env'),
      '# secrets\nIMAGE_PROVIDER_URL=https://images.example/make\nSUPABASE_URL=https://spoofed.example\n',
    );
    try {
      const names = await fetchImpl(`${url}/functions/v1/env-names`, { method: 'POST' });
      // With the development routes on, the reminders' mail secrets default to the outbox
      // (functions/env.ts); a secret of functions/.env would replace them.
      expect(await names.json()).toEqual([
        'IMAGE_PROVIDER_URL',
        ...(ctx.config.devRoutes ? ['MAIL_API_KEY', 'MAIL_API_URL', 'MAIL_FROM', 'SITE_URL'] : []),
        'SUPABASE_ANON_KEY',
        'SUPABASE_SERVICE_ROLE_KEY',
        'SUPABASE_URL',
      ]);
      const echo = await fetchImpl(`${url}/functions/v1/echo`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ctx.keys.anonKey}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(((await echo.json()) as { url: string }).url).toBe(url);
    } finally {
      delete process.env.JWT_SECRET_OF_THIS_TEST;
    }
  });

  it('answers 401 without or with an invalid JWT when verify_jwt is on', async () => {
    const missing = await fetchImpl(`${url}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const invalid = await fetchImpl(`${url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const open = await fetchImpl(`${url}/functions/v1/open`, { method: 'POST' });
    expect(await open.text()).toBe('open');
  });

  it('passes non-2xx bodies through as FunctionsHttpError context', async () => {
    const { data, error } = await client().functions.invoke('teapot');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error?.message).toBe('Edge Function returned a non-2xx status code');
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(418);
    expect(context.headers.get('access-control-allow-origin')).toBe('https://x.example');
    expect(await context.json()).toEqual({ code: 'teapot', message: 'short and stout' });
  });

  it('answers OPTIONS with CORS headers without a JWT', async () => {
    const res = await fetchImpl(`${url}/functions/v1/open`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('answers JSON 404 for unknown functions and 500 without internals for throwing or broken ones', async () => {
    const unknown = await fetchImpl(`${url}/functions/v1/nope`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.keys.anonKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
    const traversal = await fetchImpl(`${url}/functions/v1/..%2F..%2Fetc`, { method: 'POST' });
    expect(traversal.status).toBe(404);
    const boom = await fetchImpl(`${url}/functions/v1/boom`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.keys.anonKey}` },
    });
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal' });
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('at ');
    const noExport = await fetchImpl(`${url}/functions/v1/no-export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.keys.anonKey}` },
    });
    expect(noExport.status).toBe(500);
  });

  it('reads verify_jwt from config.toml with a TOML parser', () => {
    const doc = parseToml(
      'project_id = "x" # c\n[functions.a]\nverify_jwt = false\n[functions."b-c"]\nverify_jwt=false\nname = "a # b"\n[auth]\nsite_url = "http://x"\n',
    );
    expect(verifyJwtSetting(doc, 'a')).toBe(false);
    expect(verifyJwtSetting(doc, 'b-c')).toBe(false);
    expect(verifyJwtSetting(doc, 'other')).toBe(true);
    expect(tomlTable(doc, ['functions', 'b-c'])?.name).toBe('a # b');
    expect(doc.project_id).toBe('x');
    // Inline tables and dotted keys are TOML too.
    expect(verifyJwtSetting(parseToml('functions.d = { verify_jwt = false }'), 'd')).toBe(false);
    expect(verifyJwtSetting(parseToml('[functions]\ne.verify_jwt = false'), 'e')).toBe(false);
    expect(() => parseToml('[functions.a]\nverify_jwt = ')).toThrow(/Invalid TOML document/);
  });
});
