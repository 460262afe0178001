import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './setup/server.ts';

// The API gateway as hosted Supabase's (DESIGN §13): every route of /rest/v1, /auth/v1 and
// /storage/v1 answers 401 with the gateway's body to a request without an apikey or with one
// that is not the project's, before the service sees it; the routes hosted opens to browsers and
// e-mail links stay open. /functions/v1 is not behind the key check, as hosted's (Supabase's
// gateway routes it with CORS only): its gate is verify_jwt on Authorization, and an apikey,
// whatever it is, is the function's to read.

const MIGRATION = `
insert into storage.buckets (id, name, public) values ('open', 'open', true), ('closed', 'closed', false);
create table public.notes (id int primary key, body text);
alter table public.notes enable row level security;
`;

const NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const BAD_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

/** A function answering with the apikey it was given. */
const ECHO_KEY = `export async function handler(req: Request): Promise<Response> {
  return new Response(JSON.stringify({ apikey: req.headers.get('apikey') }), { headers: { 'content-type': 'application/json' } });
}`;

/** A route of each service and a method it answers. */
const ROUTES: [string, string][] = [
  ['GET', '/rest/v1/notes?select=*'],
  ['GET', '/rest/v1/'],
  ['POST', '/rest/v1/rpc/nothing'],
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['GET', '/auth/v1/user'],
  ['GET', '/auth/v1/settings'],
  ['GET', '/auth/v1/admin/users'],
  ['GET', '/storage/v1/bucket'],
  ['POST', '/storage/v1/object/list/open'],
  ['POST', '/storage/v1/object/list-v2/open'],
  ['GET', '/storage/v1/object/authenticated/closed/a.txt'],
  ['POST', '/storage/v1/object/closed/a.txt'],
];

describe.each(BACKENDS)('The API gateway on %s', (backend) => {
  let server: TestServer;
  let serviceBearer: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'magyarul-gateway-'));
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', '20240101000000_gateway.sql'), MIGRATION);
    for (const name of ['guarded', 'webhook']) {
      mkdirSync(join(dir, 'functions', name), { recursive: true });
      writeFileSync(join(dir, 'functions', name, 'handler.ts'), ECHO_KEY);
    }
    writeFileSync(join(dir, 'config.toml'), '[functions.webhook]\nverify_jwt = false\n');
    server = await startTestServer(backend, dir);
    serviceBearer = `Bearer ${server.ctx.keys.serviceRoleKey}`;
    const admin = createClient(server.url, server.ctx.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const up = await admin.storage.from('open').upload('hello.txt', new Blob(['szia']));
    if (up.error) throw up.error;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const call = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  };

  // compat: gateway.keys
  it.each(ROUTES)(
    'returns 401 for %s %s without an apikey, even beside a valid bearer',
    async (method, path) => {
      expect(await call(method, path)).toEqual({ status: 401, body: NO_KEY });
      expect(await call(method, path, { authorization: serviceBearer })).toEqual({
        status: 401,
        body: NO_KEY,
      });
    },
  );

  // compat: gateway.keys, gateway.new-format-keys
  it.each(ROUTES)(
    'returns 401 for %s %s with a key that is not the project’s',
    async (method, path) => {
      for (const key of ['garbage', 'sb_publishable_abc', `${server.ctx.keys.anonKey}x`]) {
        expect(await call(method, path, { apikey: key, authorization: serviceBearer })).toEqual({
          status: 401,
          body: BAD_KEY,
        });
      }
    },
  );

  it.each(ROUTES)(
    'lets %s %s through with the anon key, in the header or the URL',
    async (method, path) => {
      // The service answers (GoTrue's own 401 for /user without a bearer is the service's).
      const header = await call(method, path, { apikey: server.ctx.keys.anonKey });
      expect([NO_KEY, BAD_KEY]).not.toContainEqual(header.body);
      const sep = path.includes('?') ? '&' : '?';
      const query = await call(method, `${path}${sep}apikey=${server.ctx.keys.anonKey}`);
      expect([NO_KEY, BAD_KEY]).not.toContainEqual(query.body);
    },
  );

  // compat: gateway.keys
  it('returns what hosted opens to browsers and e-mail links without a key', async () => {
    const file = await call('GET', '/storage/v1/object/public/open/hello.txt');
    expect(file).toEqual({ status: 200, body: 'szia' });
    const verify = await call('GET', '/auth/v1/verify?token=nope&type=signup');
    expect(verify.status).toBe(303);
    const jwks = await call('GET', '/auth/v1/.well-known/jwks.json');
    expect(jwks).toEqual({ status: 200, body: { keys: [] } });
    const signed = await call('GET', '/storage/v1/object/sign/closed/a.txt?token=nope');
    expect(signed.status).not.toBe(401);
    const preflight = await fetch(`${server.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBeLessThan(300);
  });

  // compat: gateway.keys, functions.verify-jwt
  it('answers /functions/v1 as hosted: no key check, verify_jwt on Authorization', async () => {
    const anonBearer = `Bearer ${server.ctx.keys.anonKey}`;
    for (const apikey of [undefined, 'garbage', 'sb_publishable_abc']) {
      const headers: Record<string, string> = apikey ? { apikey } : {};
      // verify_jwt off: a webhook anyone may call, the apikey reaches the function as sent.
      expect(await call('POST', '/functions/v1/webhook', headers)).toEqual({
        status: 200,
        body: { apikey: apikey ?? null },
      });
      // verify_jwt on: the relay looks at Authorization only.
      expect(await call('POST', '/functions/v1/guarded', headers)).toEqual({
        status: 401,
        body: { code: 401, message: 'Missing authorization header' },
      });
      expect(
        await call('POST', '/functions/v1/guarded', { ...headers, authorization: 'Bearer x.y.z' }),
      ).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
      expect(
        await call('POST', '/functions/v1/guarded', { ...headers, authorization: anonBearer }),
      ).toEqual({ status: 200, body: { apikey: apikey ?? null } });
    }
    expect((await call('POST', '/functions/v1/missing')).status).toBe(404);
  });
});
