import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../contract/setup/postgres.ts';
import {
  breadthSelect,
  chainSelect,
  HEAVY_SELECT,
  ISSUE_SELECT,
  restPath,
} from './support/queries.ts';
import { headersFor, SPIN_SQL, startAppServer, type AppServer } from './support/server.ts';

// Findings: one anonymous embed seven resources deep ran 10-20 s, grew the process to ~1.8 GB
// and ended in 503 "out of memory"; `select=%00` answered 503 08P01. Now embedding depth and
// (on PGlite) the planner's cost estimate are bounded with a 400 before any row is read, NUL
// bytes are a 400, and a statement past its role's timeout answers PostgREST's 57014 body with
// HTTP 500, on PGlite (watchdog) as on PostgreSQL (statement_timeout on a pooled connection).

type PgrstBody = { code: string; message: string; details: string | null; hint: string | null };

async function get(server: AppServer, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: headersFor(server.ctx.keys.anonKey) });
  return { status: res.status, body: (await res.json()) as PgrstBody };
}

describe('embed bounds and NUL bytes (PGlite, defaults)', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the issue’s depth-7 embed with a 400 before running it', async () => {
    const res = await get(server, restPath('lessons', ISSUE_SELECT));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST100',
      message: 'The select parameter nests embedded resources 6 levels deep; at most 4 are allowed',
      details: null,
      hint: 'Request the deeper levels separately.',
    });
  });

  it('refuses more than 20 embedded resources in one select', async () => {
    const res = await get(server, restPath('lessons', breadthSelect([4, 4, 4, 4])));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST100',
      message: 'The select parameter embeds 340 resources; at most 20 are allowed',
      details: null,
      hint: 'Request some of them separately.',
    });
  });

  it('refuses an embed within those limits whose planned cost is too high', async () => {
    const res = await get(server, restPath('lessons', HEAVY_SELECT));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PGRST100');
    expect(res.body.message).toMatch(
      /^The request would be too expensive to answer \(estimated cost \d+, limit 5000\)$/,
    );
  });

  it('still answers ordinary embeds', async () => {
    const one = await get(server, restPath('lessons', 'id,title,lesson_vocabulary(word_hu)'));
    expect(one.status).toBe(200);
    const deep = await get(server, restPath('lessons', chainSelect(2)));
    expect(deep.status).toBe(200);
  });

  it('answers a NUL byte anywhere in the query string with a 400, never a 5xx', async () => {
    for (const query of [
      'lessons?select=%00',
      'lessons?select=id%00',
      'lessons?title=eq.%00',
      'lessons?order=title%00.asc',
      'lessons?or=(title.eq.a%00)',
      'lessons%00?select=id',
      'rpc/get_due_words?p=%00',
    ]) {
      const res = await get(server, `/rest/v1/${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('PGRST100');
    }
  });

  it('answers a NUL byte inside a JSON body with a 4xx, never a 5xx', async () => {
    const res = await fetch(`${server.url}/rest/v1/user_feedback`, {
      method: 'POST',
      headers: { ...headersFor(server.ctx.keys.anonKey), 'content-type': 'application/json' },
      body: '{"ti\\u0000tle":"x","description":"\\u0000"}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

const TIMEOUT_BODY = {
  code: '57014',
  message: 'canceling statement due to statement timeout',
  details: null,
  hint: null,
};

describe('statement timeout on PGlite (watchdog)', () => {
  let server: AppServer;

  beforeAll(async () => {
    // Hosted's anon default (3 s): long enough for the first statements of the fresh thread
    // that replaces the timed-out one, even on a loaded machine (1 s was not: the read after
    // the spin timed out too under a load average of 28); the spin never ends.
    server = await startAppServer({ config: { statementTimeoutMs: 3000 } });
    await server.ctx.db.exec(SPIN_SQL);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers 500 with the PostgREST 57014 body and keeps serving afterwards', async () => {
    const res = await get(server, '/rest/v1/rpc/security_spin');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(TIMEOUT_BODY);
    const after = await get(server, restPath('lessons', 'id'));
    expect(after.status).toBe(200);
    expect((after.body as unknown as unknown[]).length).toBeGreaterThanOrEqual(10);
  });
});

describe('statement timeout on PostgreSQL (statement_timeout per role)', () => {
  let cluster: Cluster;
  let server: AppServer;

  beforeAll(async () => {
    cluster = await startCluster();
    const databaseUrl = await cluster.createDatabase('security_timeout');
    server = await startAppServer({ config: { databaseUrl } });
    // The role's own setting, as ALTER ROLE … SET gives it on hosted Supabase (anon 3 s there),
    // read by the server like PostgREST reads role settings. No override in this server.
    await server.ctx.db.exec(
      `alter role anon in database security_timeout set statement_timeout = '1s'; ${SPIN_SQL}`,
    );
  });

  afterAll(async () => {
    await server?.stop();
    cluster?.stop();
  });

  it('answers 500 with the PostgREST 57014 body from the database itself', async () => {
    const res = await get(server, '/rest/v1/rpc/security_spin');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(TIMEOUT_BODY);
    expect((await get(server, restPath('lessons', 'id'))).status).toBe(200);
  });
});
