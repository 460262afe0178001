import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// Unmodified supabase-js functions.invoke against /functions/v1 over HTTP on both backends
// (compat §5 and gotcha 20 of §7), with handlers in the suite's own temp supabase/ folder.

const MIGRATION = `
create table public.notes (id serial primary key, owner uuid not null default auth.uid(), body text not null);
alter table public.notes enable row level security;
create policy own_notes on public.notes for all to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
`;

const HANDLERS: Record<string, string> = {
  // Calls back into the server as the caller: RLS applies to the function's reads.
  'my-notes': `export async function handler(req: Request, env: Record<string, string | undefined>): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type' } });
  const res = await fetch(env.SUPABASE_URL + '/rest/v1/notes?select=body&order=id', {
    headers: { apikey: env.SUPABASE_ANON_KEY ?? '', authorization: req.headers.get('authorization') ?? '' },
  });
  const input = await req.json();
  return new Response(JSON.stringify({ input, notes: await res.json(), hasDbUrl: Boolean(env.SUPABASE_DB_URL), hasService: Boolean(env.SUPABASE_SERVICE_ROLE_KEY) }), {
    headers: { 'content-type': 'application/json' },
  });
}`,
  public: `export async function handler(req: Request): Promise<Response> {
  return new Response('hello ' + new URL(req.url).searchParams.get('name'), { headers: { 'content-type': 'text/plain' } });
}`,
  fails: `export async function handler(): Promise<Response> {
  return new Response(JSON.stringify({ code: 'bad_input', message: 'vocabulary_id is required' }), { status: 400, headers: { 'content-type': 'application/json' } });
}`,
  throws: `export async function handler(): Promise<Response> { throw new Error('db password is hunter2'); }`,
};

function makeSupabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'magyarul-functions-contract-'));
  mkdirSync(join(dir, 'migrations'), { recursive: true });
  writeFileSync(join(dir, 'migrations', '20240101000000_functions_fixtures.sql'), MIGRATION);
  for (const [name, source] of Object.entries(HANDLERS)) {
    mkdirSync(join(dir, 'functions', name), { recursive: true });
    writeFileSync(join(dir, 'functions', name, 'handler.ts'), source);
  }
  writeFileSync(join(dir, 'config.toml'), '[functions.public]\nverify_jwt = false\n');
  return dir;
}

function client(server: TestServer, key = server.ctx.keys.anonKey): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

describe.each(BACKENDS)('Functions on %s', (backend) => {
  let server: TestServer;
  let supabaseDir: string;

  beforeAll(async () => {
    supabaseDir = makeSupabaseDir();
    server = await startTestServer(backend, supabaseDir);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  // compat: functions.invoke, functions.env, functions.runtime
  it('invokes handler.ts with the caller JWT and the Supabase env; RLS applies to its calls', async () => {
    const admin = client(server, server.ctx.keys.serviceRoleKey);
    await admin.auth.admin.createUser({
      email: 'anna@example.com',
      password: 'secret123',
      email_confirm: true,
    });
    const sb = client(server);
    await sb.auth.signInWithPassword({ email: 'anna@example.com', password: 'secret123' });
    expect((await sb.from('notes').insert({ body: 'szia' })).error).toBeNull();
    const { data, error } = await sb.functions.invoke('my-notes', { body: { ask: 'notes' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      input: { ask: 'notes' },
      notes: [{ body: 'szia' }],
      hasDbUrl: backend === 'postgres',
      hasService: true,
    });
    const anon = await client(server).functions.invoke('my-notes', { body: {} });
    expect((anon.data as { notes: unknown[] }).notes).toEqual([]);
  });

  // compat: functions.verify-jwt
  it('mirrors verify_jwt: 401 JSON without a valid JWT unless config.toml turns it off', async () => {
    const missing = await fetch(`${server.url}/functions/v1/my-notes`, {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const invalid = await fetch(`${server.url}/functions/v1/my-notes`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
      body: '{}',
    });
    expect(invalid.status).toBe(401);
    const open = await fetch(`${server.url}/functions/v1/public?name=Anna`);
    expect(await open.text()).toBe('hello Anna');
  });

  // compat: functions.invoke
  it('reports non-2xx as FunctionsHttpError with the body on error.context', async () => {
    const { data, error } = await client(server).functions.invoke('fails', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error?.message).toBe('Edge Function returned a non-2xx status code');
    expect(await ((error as FunctionsHttpError).context as Response).json()).toEqual({
      code: 'bad_input',
      message: 'vocabulary_id is required',
    });
  });

  it('answers CORS preflight through the function', async () => {
    const res = await fetch(`${server.url}/functions/v1/my-notes`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('answers JSON 404 for unknown functions and JSON 500 without internals when a handler throws', async () => {
    const auth = { authorization: `Bearer ${server.ctx.keys.anonKey}` };
    const unknown = await fetch(`${server.url}/functions/v1/nope`, {
      method: 'POST',
      headers: auth,
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'Requested function was not found',
    );
    const thrown = await fetch(`${server.url}/functions/v1/throws`, {
      method: 'POST',
      headers: auth,
    });
    expect(thrown.status).toBe(500);
    const text = await thrown.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal' });
    expect(text).not.toContain('hunter2');
  });
});
