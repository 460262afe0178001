import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';

// Issue 3 point 7 for /rest/v1: arbitrary query strings, headers and bodies never crash the
// server, never answer 5xx and never leak a stack trace.

describe('REST bad input', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'magyarul-rest-fuzz-'));
    mkdirSync(join(dir, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(
      join(dir, 'supabase', 'migrations', '20240101000000_words.sql'),
      'create table public.words (id serial primary key, hu text not null, en text, n int, meta jsonb);\n' +
        "insert into public.words (hu, en, n) values ('alma', 'apple', 1), ('körte', 'pear', 2);\n" +
        'create function public.twice(x int) returns int language sql immutable as $$ select 2 * x $$;',
    );
    server = await startServer({
      config: { port: 0, dataDir: join(dir, 'data'), supabaseDir: join(dir, 'supabase') },
      env: {},
      inMemory: true,
      quiet: true,
      seed: false,
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pieces = fc.constantFrom(
    'select',
    'order',
    'limit',
    'offset',
    'or',
    'and',
    'not',
    'id',
    'hu',
    'meta->a',
    'words',
    'eq.',
    'in.(',
    'is.null',
    'like.*',
    'cs.{',
    '(',
    ')',
    ',',
    '.',
    ':',
    '::',
    '!',
    '"',
    '\\',
    '*',
    "'",
    ';',
    '--',
    '%',
    '1',
    '-1',
    'desc',
    'nullsfirst',
    'count',
    'x(y)',
  );
  const fragment = fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 8 })
    .map((a) => a.join(''));

  async function check(res: Response): Promise<void> {
    const text = await res.text();
    expect(res.status).toBeLessThan(500);
    expect(text).not.toMatch(/\n\s+at /);
    if (res.status >= 400) {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      expect(typeof body.code).toBe('string');
      expect(typeof body.message).toBe('string');
    }
  }

  it('answers arbitrary query strings with JSON, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fragment, fragment), { maxLength: 5 }),
        fc.constantFrom('/words', '/rpc/twice', '/nope', '/words/1'),
        async (params, path) => {
          const qs = new URLSearchParams(params).toString();
          const res = await fetch(`${server.url}/rest/v1${path}?${qs}`, {
            headers: { apikey: server.ctx.keys.serviceRoleKey },
          });
          await check(res);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers arbitrary bodies, Prefer and Range headers with JSON, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.json(), fc.string({ maxLength: 30 })),
        fc.constantFrom('POST', 'PATCH', 'DELETE', 'PUT'),
        fc.constantFrom(
          '',
          'return=representation',
          'resolution=merge-duplicates,missing=default',
          'count=exact, tx=rollback',
        ),
        fc.constantFrom('', '0-1', '5-2', 'x', '3-'),
        async (body, method, prefer, range) => {
          const res = await fetch(`${server.url}/rest/v1/words?id=eq.1`, {
            method,
            headers: {
              apikey: server.ctx.keys.serviceRoleKey,
              'content-type': 'application/json',
              ...(prefer ? { prefer } : {}),
              ...(range ? { range } : {}),
            },
            body,
          });
          await check(res);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answers garbage JWTs with 401 JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (token) => {
        const res = await fetch(`${server.url}/rest/v1/words`, {
          headers: {
            apikey: server.ctx.keys.anonKey,
            authorization: `Bearer x${token.replace(/[^\x21-\x7e]/g, '')}`,
          },
        });
        expect(res.status).toBe(401);
        await check(res);
      }),
      { numRuns: 60 },
    );
  });
});
