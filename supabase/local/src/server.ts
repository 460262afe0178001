import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadJwtSecret, makeKeys } from './config.ts';
import type { ServerConfig, ServerContext, Service } from './context.ts';
import { openDb } from './db/open.ts';
import { runMigrations, type MigrationReport } from './db/migrate.ts';
import { invalidateRoleTimeouts } from './db/role-timeouts.ts';
import { analyzeAll, keepStatistics } from './db/statistics.ts';
import type { LocalDb } from './db/types.ts';
import { compressJsonResponse } from './http/compress.ts';
import { gatewayRefusal } from './http/gateway.ts';
import { refuseForeignRole } from './http/api-role.ts';
import { preflight, withCors } from './http/cors.ts';
import { refuseForeignDevRequest } from './http/dev-origin.ts';
import {
  BodyTooLargeError,
  internalError,
  json,
  notFound,
  payloadTooLarge,
} from './http/errors.ts';
import { AUTH_MAX_BODY_BYTES, bodyStream, readBody } from './http/body.ts';
import { sendResponse, toHeaders, toRequest } from './http/node-bridge.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveStatic } from './http/static.ts';
import { anonReadKey, createAnonReadCache, isMutatingRequest } from './http/anon-cache.ts';
import { restService } from './rest/handler.ts';
import { invalidateSchemaCache } from './rest/schema-cache.ts';
import { loadServices, memoryOutbox, type Services } from './services.ts';
import { startFitScheduler } from './fsrs/fit-scheduler.ts';
import { startReminderScheduler } from './reminders/scheduler.ts';

export type LocalContext = Omit<ServerContext, 'db'> & { db: LocalDb };

export type StartServerOptions = {
  /** Overrides of the configuration read from `env` (e.g. port: 0 for a free port). */
  config?: Partial<ServerConfig>;
  /** Environment to read PORT, MAGYARUL_DATA_DIR, … from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Replace or add services (tests); by default they are loaded from src/{auth,storage,…}. */
  services?: Services;
  /** Run the seed hook on the first boot of a data dir (default true). */
  seed?: boolean;
  /** Keep PGlite in memory instead of dataDir/pgdata (default false). */
  inMemory?: boolean;
  /** Log requests that fail with 5xx, but print nothing else (default false). */
  quiet?: boolean;
  /** Host to bind (default 127.0.0.1; use 0.0.0.0 to listen on every interface). */
  host?: string;
};

export type RunningServer = {
  /** e.g. http://127.0.0.1:54321 (no trailing slash). */
  url: string;
  port: number;
  ctx: LocalContext;
  migrations: MigrationReport;
  close(): Promise<void>;
};

const PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'] as const;
type Prefix = (typeof PREFIXES)[number];

function matchPrefix(pathname: string): { prefix: Prefix; rest: string } | null {
  for (const prefix of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { prefix, rest: pathname.slice(prefix.length) || '/' };
    }
  }
  return null;
}

type SeedModule = { seed?: unknown; lockDemoAccounts?: unknown };

async function runSeed(ctx: LocalContext, quiet: boolean): Promise<void> {
  const seedModule = join(ctx.config.supabaseDir, 'seed', 'index.ts');
  let loaded: SeedModule | undefined;
  const mod = async (): Promise<SeedModule> =>
    (loaded ??= existsSync(seedModule)
      ? ((await import(pathToFileURL(seedModule).href)) as SeedModule)
      : {});
  await ctx.db.exec(
    'create table if not exists supabase_migrations.local_seed (done_at timestamptz not null default now())',
  );
  const seeded = await ctx.db.query('select 1 from supabase_migrations.local_seed limit 1');
  if (seeded.rows.length === 0) {
    const seedSql = join(ctx.config.supabaseDir, 'seed.sql');
    if (existsSync(seedSql)) {
      const { readFileSync } = await import('node:fs');
      const sql = readFileSync(seedSql, 'utf8');
      await ctx.db.transaction((tx) => tx.exec(sql));
    }
    const { seed } = await mod();
    if (typeof seed === 'function') await (seed as (c: ServerContext) => Promise<void>)(ctx);
    await ctx.db.query('insert into supabase_migrations.local_seed default values');
    if (!quiet) console.log('Seeded the database (first run of this data directory).');
  }
  // Demo accounts not wanted (production without the opt-in), even from an earlier seed: their
  // published password stops working on every start.
  if (ctx.config.demoAccounts !== false) return;
  const { lockDemoAccounts } = await mod();
  if (typeof lockDemoAccounts !== 'function') return;
  const locked = await (lockDemoAccounts as (c: ServerContext) => Promise<string[]>)(ctx);
  for (const email of locked) {
    console.warn(
      `  ${email} had the published demo password: that password no longer signs in and its ` +
        'sessions are ended. Give it a new one with the service key (PUT /auth/v1/admin/users/<id>) ' +
        'or delete it; MAGYARUL_DEMO_ACCOUNTS=true keeps demo accounts on purpose.',
    );
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = loadConfig(env, options.config);
  const quiet = options.quiet ?? false;
  const keys = makeKeys(loadJwtSecret(config.dataDir, env));
  const db = await openDb({ ...config, inMemory: options.inMemory ?? false });
  let migrations: MigrationReport;
  try {
    migrations = await runMigrations(db, { migrationsDir: join(config.supabaseDir, 'migrations') });
    await db.exec(`select set_config('search_path', '"$user", public, extensions', false)`);
  } catch (error) {
    await db.close();
    throw error;
  }
  invalidateSchemaCache(db);
  invalidateRoleTimeouts(db);
  const loaded = await loadServices();
  const services: Services = { ...loaded, rest: restService, ...options.services };
  const mail = loaded.createMailOutbox ? loaded.createMailOutbox(db) : memoryOutbox();
  const ctx: LocalContext = { db, keys, config, mail };
  if (options.seed ?? true) {
    try {
      await runSeed(ctx, quiet);
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  // PGlite has no autovacuum: analyse now (after migrations and seed) and after writes.
  const statistics = db.kind === 'pglite' ? keepStatistics(db) : null;
  if (statistics) await analyzeAll(db);

  const serviceFor: Record<Prefix, Service | undefined> = {
    '/rest/v1': services.rest,
    '/auth/v1': services.auth,
    '/storage/v1': services.storage,
    '/functions/v1': services.functions,
  };

  const anonCache =
    config.databaseUrl === undefined && config.anonReadCache !== false
      ? createAnonReadCache()
      : null;

  async function route(req: IncomingMessage, url: URL): Promise<Response> {
    const method = req.method ?? 'GET';
    const api = matchPrefix(url.pathname);
    const headers = toHeaders(req);
    if (api) {
      const service = serviceFor[api.prefix];
      if (method === 'OPTIONS' && (api.prefix !== '/functions/v1' || !service)) {
        return preflight(headers);
      }
      if (!service) return withCors(notFound(url.pathname), headers);
      const refused = gatewayRefusal(api.prefix, api.rest, method, headers, url, keys);
      if (refused) return withCors(refused, headers);
      const foreignRole = refuseForeignRole(headers, keys.jwtSecret);
      if (foreignRole) return withCors(foreignRole, headers);
      if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') statistics?.touched();
      let body: Buffer | ReadableStream<Uint8Array> | null = null;
      if (method !== 'GET' && method !== 'HEAD') {
        if (api.prefix === '/storage/v1') {
          // Uploads stream to disk; the storage service bounds every body it reads.
          body = bodyStream(req);
        } else {
          try {
            body = await readBody(
              req,
              api.prefix === '/auth/v1' ? AUTH_MAX_BODY_BYTES : config.maxBodyBytes,
            );
          } catch (error) {
            // Nothing more is read: the answer closes the connection (see handle).
            if (error instanceof BodyTooLargeError) {
              return withCors(payloadTooLarge(error.limit), headers);
            }
            throw error;
          }
        }
      }
      const run = (): Promise<Response> =>
        service(toRequest(req, url, headers, body), api.rest, ctx);
      const cacheKey =
        anonCache && api.prefix === '/rest/v1' && method === 'GET' && !api.rest.startsWith('/rpc/')
          ? anonReadKey(url, headers, keys.anonKey)
          : null;
      let answer: Response;
      if (anonCache && cacheKey !== null) {
        answer = await anonCache.read(cacheKey, run);
      } else if (anonCache && isMutatingRequest(api.prefix, method)) {
        anonCache.noteRequest(api.prefix, method);
        try {
          answer = await run();
        } finally {
          anonCache.noteRequest(api.prefix, method);
        }
      } else {
        answer = await run();
      }
      const response = withCors(answer, headers);
      // JSON from PostgREST and auth is compressed; storage and functions may stream or serve
      // byte ranges and are passed through untouched.
      return api.prefix === '/rest/v1' || api.prefix === '/auth/v1'
        ? compressJsonResponse(response, headers.get('accept-encoding'), method)
        : response;
    }
    if (url.pathname.startsWith('/_dev/') && config.devRoutes) {
      const foreign = refuseForeignDevRequest(headers, config.publicUrl);
      if (foreign) return foreign;
      if (url.pathname === '/_dev/info') {
        return json(200, { url: config.publicUrl, anonKey: keys.anonKey });
      }
      if (services.devMail && url.pathname.startsWith('/_dev/mail')) {
        let body: Buffer | null = null;
        if (method === 'POST') {
          try {
            body = await readBody(req, AUTH_MAX_BODY_BYTES);
          } catch (error) {
            if (error instanceof BodyTooLargeError) return payloadTooLarge(error.limit);
            throw error;
          }
        }
        return services.devMail(
          toRequest(req, url, headers, body),
          url.pathname.slice('/_dev'.length),
          ctx,
        );
      }
      return notFound(url.pathname);
    }
    if (method === 'GET' || method === 'HEAD') {
      return serveStatic(
        config.webDir,
        url.pathname,
        method,
        keys.anonKey,
        req.headers['accept-encoding'],
      );
    }
    return notFound(url.pathname);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      url = new URL('http://localhost/');
    }
    let response: Response;
    try {
      response = await route(req, url);
    } catch (error) {
      console.error(`${req.method} ${url.pathname} failed:`, error);
      response = internalError();
    }
    const extra = securityHeaders(response.headers);
    // A body left unread (refused as too large, or not needed) is not drained: the connection
    // closes after the answer, so a client sending megabytes stops instead of being read to
    // the end.
    if (!req.complete) extra.connection = 'close';
    try {
      await sendResponse(res, response, req.method ?? 'GET', extra);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end();
      if (!quiet) console.error('response failed:', error instanceof Error ? error.message : error);
    }
  }

  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    void handle(req, res);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n',
      );
    }
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    statistics?.stop();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  if (!options.config?.publicUrl) config.publicUrl = `http://127.0.0.1:${port}`;
  // Per-learner FSRS parameters (DESIGN §12.1): fitted here, with the service key, over the
  // server's own API, as the hosted job does.
  const fitting = startFitScheduler(`http://127.0.0.1:${port}`, keys.serviceRoleKey, {
    intervalMs: (config.fsrsFitHours ?? 24) * 3_600_000,
  });

  const reminders = startReminderScheduler(ctx, quiet);

  let closing: Promise<void> | null = null;
  return {
    url: config.publicUrl,
    port,
    ctx,
    migrations,
    close() {
      closing ??= (async () => {
        fitting.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        reminders.stop();
        statistics?.stop();
        await db.close();
      })();
      return closing;
    },
  };
}
