import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import { createAnonReadCache } from './anon-cache.ts';

const MIGRATION = `
create table public.items (id serial primary key, body text not null, published boolean not null);
alter table public.items enable row level security;
create policy "Anyone reads published items" on public.items for select using (published);
create policy "The service role manages items" on public.items for all to service_role using (true);
insert into public.items (body, published) values ('első', true), ('vázlat', false);
`;

async function startWith(dir: string, anonReadCache: boolean): Promise<RunningServer> {
  const supabaseDir = join(dir, 'supabase');
  mkdirSync(join(supabaseDir, 'migrations'), { recursive: true });
  writeFileSync(join(supabaseDir, 'migrations', '20240101000000_items.sql'), MIGRATION);
  return startServer({
    config: { port: 0, dataDir: join(dir, 'data'), supabaseDir, anonReadCache },
    env: {},
    inMemory: true,
    quiet: true,
    seed: false,
  });
}

async function bodies(server: RunningServer, key: string): Promise<string[]> {
  const response = await fetch(`${server.url}/rest/v1/items?select=body&order=id`, {
    headers: { apikey: server.ctx.keys.anonKey, authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  const rows = (await response.json()) as { body: string }[];
  return rows.map((r) => r.body);
}

describe('anonymous read cache', () => {
  let dir: string;
  let server: RunningServer;
  let uncached: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-anon-cache-'));
    server = await startWith(join(dir, 'on'), true);
    uncached = await startWith(join(dir, 'off'), false);
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await uncached.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the kept answer until a request that might write, then the new data', async () => {
    const anon = server.ctx.keys.anonKey;
    expect(await bodies(server, anon)).toEqual(['első']);
    // A write that bypasses the API is not seen while the answer is kept …
    await server.ctx.db.query(
      `insert into public.items (body, published) values ('rejtett', true)`,
    );
    expect(await bodies(server, anon)).toEqual(['első']);
    // … and any write request through the API empties the cache.
    const insert = await fetch(`${server.url}/rest/v1/items`, {
      method: 'POST',
      headers: {
        apikey: anon,
        authorization: `Bearer ${server.ctx.keys.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body: 'második', published: true }),
    });
    expect(insert.status).toBe(201);
    expect(await bodies(server, anon)).toEqual(['első', 'rejtett', 'második']);
  });

  it('returns RLS answers of other roles, never the anonymous one', async () => {
    const anon = server.ctx.keys.anonKey;
    const before = await bodies(server, anon);
    const asService = await bodies(server, server.ctx.keys.serviceRoleKey);
    expect(asService).toContain('vázlat');
    expect(await bodies(server, anon)).toEqual(before);
    expect(before).not.toContain('vázlat');
  });

  it('returns fresh data on every read when turned off', async () => {
    const anon = uncached.ctx.keys.anonKey;
    expect(await bodies(uncached, anon)).toEqual(['első']);
    await uncached.ctx.db.query(`insert into public.items (body, published) values ('új', true)`);
    expect(await bodies(uncached, anon)).toEqual(['első', 'új']);
  });

  it('does not keep an answer computed while a write request ran', async () => {
    const cache = createAnonReadCache();
    let runs = 0;
    const read = (): Promise<Response> =>
      cache.read('key', async () => {
        runs++;
        if (runs === 1) cache.noteRequest('/rest/v1', 'PATCH');
        return new Response(`answer ${runs}`, { status: 200 });
      });
    expect(await (await read()).text()).toBe('answer 1');
    expect(await (await read()).text()).toBe('answer 2');
    expect(await (await read()).text()).toBe('answer 2');
    expect(runs).toBe(2);
  });

  it('does not keep errors', async () => {
    const cache = createAnonReadCache();
    let runs = 0;
    const read = (): Promise<Response> =>
      cache.read('key', () => Promise.resolve(new Response(`e${++runs}`, { status: 400 })));
    await read();
    expect(await (await read()).text()).toBe('e2');
  });
});
