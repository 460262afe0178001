import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { verifyJwt } from './jwt.ts';

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startServer', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-server-'));
    const supabaseDir = join(dir, 'supabase');
    mkdirSync(join(supabaseDir, 'migrations'), { recursive: true });
    writeFileSync(
      join(supabaseDir, 'migrations', '20240101000000_notes.sql'),
      'create table public.notes (id serial primary key, body text);',
    );
    const webDir = join(dir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(
      join(webDir, 'index.html'),
      '<html><head><meta name="magyarul-anon-key" content=""></head><body>app</body></html>',
    );
    writeFileSync(join(webDir, 'assets', 'index-B3x9kQ_a.js'), 'console.log(1)');
    server = await startServer({
      config: { port: 0, dataDir: join(dir, 'data'), supabaseDir, webDir, maxBodyBytes: 1000 },
      env: {},
      inMemory: true,
      quiet: true,
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the platform SQL and the migrations once, tracked', async () => {
    const { rows } = await server.ctx.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    const versions = rows.map((r) => r.version);
    expect(versions).toContain('20240101000000');
    expect(versions.some((v) => v.startsWith('platform/'))).toBe(true);
    expect(server.migrations.fresh).toBe(true);
  });

  it('signs anon and service_role keys with the generated secret', () => {
    const { keys } = server.ctx;
    expect(keys.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const anon = verifyJwt(keys.anonKey, keys.jwtSecret);
    const service = verifyJwt(keys.serviceRoleKey, keys.jwtSecret);
    expect(anon.ok && anon.claims.role).toBe('anon');
    expect(service.ok && service.claims.role).toBe('service_role');
  });

  it('returns the url and anon key on /_dev/info', async () => {
    const res = await fetch(`${server.url}/_dev/info`);
    expect(await res.json()).toEqual({ url: server.url, anonKey: server.ctx.keys.anonKey });
  });

  it('answers preflights echoing the requested headers', async () => {
    const res = await fetch(`${server.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, prefer, x-retry-count',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey, prefer, x-retry-count');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('returns JSON 404 for unknown API routes', async () => {
    const res = await fetch(`${server.url}/nope/v1/x`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toContain('/nope/v1/x');
  });

  it('returns 413 JSON for oversize bodies', async () => {
    const res = await fetch(`${server.url}/rest/v1/notes`, {
      method: 'POST',
      headers: { apikey: server.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ error: 'Payload too large' });
  });

  it('serves the web app with the anon key and falls back to index.html', async () => {
    const page = await fetch(`${server.url}/lessons/12`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(`content="${server.ctx.keys.anonKey}"`);
    const asset = await fetch(`${server.url}/assets/index-B3x9kQ_a.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    const traversal = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.text()).not.toContain('root:');
  });

  it('returns gzip-compressed web assets and REST JSON over HTTP', async () => {
    const webDir = server.ctx.config.webDir ?? '';
    const script = 'console.log("helló világ");\n'.repeat(300);
    writeFileSync(join(webDir, 'assets', 'big-E6a2nT_d.js'), script);
    const gz = await rawGet(`${server.url}/assets/big-E6a2nT_d.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.byteLength);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(script);
    const plain = await rawGet(`${server.url}/assets/big-E6a2nT_d.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    const page = await rawGet(`${server.url}/lesson/3`, { 'accept-encoding': 'gzip' });
    expect(page.body.toString('utf8')).toContain(`content="${server.ctx.keys.anonKey}"`);

    await server.ctx.db.exec(
      `insert into public.notes (body) select 'jegyzet ' || g from generate_series(1, 200) g`,
    );
    const key = server.ctx.keys.serviceRoleKey;
    const rest = await rawGet(`${server.url}/rest/v1/notes?select=*`, {
      'accept-encoding': 'gzip',
      apikey: key,
      authorization: `Bearer ${key}`,
    });
    expect(rest.headers['content-encoding']).toBe('gzip');
    expect(rest.headers['access-control-allow-origin']).toBe('*');
    const rows = JSON.parse(gunzipSync(rest.body).toString('utf8')) as unknown[];
    expect(rows).toHaveLength(200);
  });
});
