import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type {
  Db,
  Queryable,
  QueryResult,
  ServerConfig,
  ServerContext,
  Service,
} from '../context.ts';
import { signJwt } from '../jwt.ts';
import { createMailOutbox } from '../mail/index.ts';

// Test support for the auth, storage and functions services: an in-memory PGlite with the
// platform SQL applied, a temp data dir and a ServerContext, plus a `fetch` that routes
// supabase-js requests straight to the services (no sockets).

const PLATFORM_DIR = fileURLToPath(new URL('../../sql/platform/', import.meta.url));

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

function wrap(pg: PGlite): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const res = await pg.query<T>(sql, params);
      return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
    },
  };
}

class Queue {
  #tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

export async function openTestDb(extraSql: string[] = []): Promise<Db & { pg: PGlite }> {
  const pg = await PGlite.create({ extensions: { pgcrypto, uuid_ossp } });
  for (const file of readdirSync(PLATFORM_DIR).sort()) {
    if (file.endsWith('.sql')) await pg.exec(readFileSync(join(PLATFORM_DIR, file), 'utf8'));
  }
  for (const sql of extraSql) await pg.exec(sql);
  const queue = new Queue();
  const inner = wrap(pg);
  return {
    pg,
    kind: 'pglite',
    query: (sql, params) => queue.run(() => inner.query(sql, params)),
    transaction: (fn) =>
      queue.run(async () => {
        await pg.query('begin');
        try {
          const result = await fn(inner);
          await pg.query('commit');
          return result;
        } catch (error) {
          await pg.query('rollback');
          throw error;
        }
      }),
    close: () => queue.run(() => pg.close()),
  };
}

export type TestContext = ServerContext & { cleanup(): Promise<void> };

export async function createTestContext(
  options: { config?: Partial<ServerConfig>; sql?: string[] } = {},
): Promise<TestContext> {
  const db = await openTestDb(options.sql);
  const dataDir = mkdtempSync(join(tmpdir(), 'magyarul-local-test-'));
  const keys = {
    jwtSecret: TEST_JWT_SECRET,
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp: 2_051_222_400 }, TEST_JWT_SECRET),
    serviceRoleKey: signJwt(
      { iss: 'supabase-demo', role: 'service_role', exp: 2_051_222_400 },
      TEST_JWT_SECRET,
    ),
  };
  const config: ServerConfig = {
    port: 54321,
    publicUrl: 'http://127.0.0.1:54321',
    dataDir,
    autoconfirm: false,
    devRoutes: true,
    maxRows: 1000,
    maxBodyBytes: 50 * 1024 * 1024,
    supabaseDir: join(dataDir, 'supabase'),
    ...options.config,
  };
  return {
    db,
    keys,
    config,
    mail: createMailOutbox({ db }),
    async cleanup() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fetch for supabase-js (`global.fetch`) that dispatches to the services by path prefix. */
export function serviceFetch(ctx: ServerContext, services: Record<string, Service>): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    for (const [prefix, service] of Object.entries(services)) {
      if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
        return service(req, url.pathname.slice(prefix.length), ctx);
      }
    }
    return new Response(JSON.stringify({ message: 'no route' }), { status: 404 });
  };
}
