// The contract between the parts of the embedded backend. The HTTP server (server.ts) turns
// each Node request into a WHATWG Request, picks a service by path prefix and streams the
// Response back. Services never touch node:http.
import type { TxEnd } from './rest/tx-end.ts';

export type QueryResult<T> = {
  rows: T[];
  affectedRows?: number;
  fields?: { name: string; dataTypeID: number }[];
};

export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
};

export type Db = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn inside one transaction (BEGIN … COMMIT, ROLLBACK when fn throws). On PGlite the
   * transactions are serialised; on PostgreSQL each gets its own pooled client.
   */
  transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    options?: { readOnly?: boolean; timeoutMs?: number },
  ): Promise<T>;
  close(): Promise<void>;
};

export type Keys = {
  jwtSecret: string;
  /** HS256 JWT with role anon; the only key the browser ever sees. */
  anonKey: string;
  /** HS256 JWT with role service_role; server-side only. */
  serviceRoleKey: string;
};

export type MailMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers (the reminders' List-Unsubscribe); auth mails have none. */
  headers?: Record<string, string>;
  created_at: string;
};

export type MailOutbox = {
  send(message: Omit<MailMessage, 'id' | 'created_at'>): Promise<void>;
  list(): Promise<MailMessage[]>;
};

export type ServerConfig = {
  port: number;
  /** Externally visible base URL, e.g. http://127.0.0.1:54321 (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  autoconfirm: boolean;
  /** /_dev/* routes (mail outbox, info) are on unless NODE_ENV=production. */
  devRoutes: boolean;
  /**
   * Seed the demo accounts (published password) on the first boot of a data directory: on
   * unless NODE_ENV=production; MAGYARUL_DEMO_ACCOUNTS=true|false decides explicitly.
   */
  demoAccounts?: boolean;
  /** Hosted Supabase caps result rows at 1000 (db-max-rows). */
  maxRows: number;
  /**
   * Statement timeout in ms of anon and authenticated requests, overriding the roles' own
   * statement_timeout settings (MAGYARUL_STATEMENT_TIMEOUT); undefined: the roles' settings.
   */
  statementTimeoutMs?: number;
  /**
   * Planner cost ceiling of every /rest/v1 read, checked before it runs, on PGlite only
   * (MAGYARUL_MAX_READ_COST; default rest/bounds.ts DEFAULT_MAX_READ_COST; 0: no check).
   */
  maxReadCost?: number;
  /**
   * Largest accepted /rest/v1 (RPC included) and /functions/v1 body in bytes, 413 above it
   * (MAGYARUL_MAX_BODY; default http/body.ts DEFAULT_MAX_BODY_BYTES). Auth bodies have their
   * own 1 MB limit; storage uploads stream to disk within the bucket's file size limit.
   */
  maxBodyBytes: number;
  /** Directory of the built web app, served at / when present. */
  webDir?: string;
  /** supabase/ folder: migrations, functions, config.toml, seed. */
  supabaseDir: string;
  /**
   * Keep anonymous /rest/v1 GET answers until the next request that might write (PGlite only;
   * see http/anon-cache.ts). Default on; MAGYARUL_ANON_READ_CACHE=false turns it off.
   */
  anonReadCache?: boolean;
  /**
   * Seconds between the reminder scheduler's calls of the send-reminders function (DESIGN
   * §12.2); 0 turns it off. MAGYARUL_REMINDER_INTERVAL_SECONDS, default 300.
   */
  reminderIntervalSeconds?: number;
  /**
   * PostgREST's db-aggregates-enabled: `col.sum()`, `count()` … in select. Off by default, as on
   * hosted Supabase (PGRST123); MAGYARUL_DB_AGGREGATES=true turns it on.
   */
  dbAggregates?: boolean;
  /**
   * PostgREST's db-tx-end (rest/tx-end.ts): `commit`, hosted's and the default, ignores
   * `Prefer: tx=…`; `commit-allow-override` honours `tx=rollback`; `rollback` ends every request
   * in ROLLBACK; `rollback-allow-override` does unless `tx=commit`. MAGYARUL_DB_TX_END.
   */
  dbTxEnd?: TxEnd;
  /**
   * Schemas /rest/v1 exposes (PostgREST db-schemas; the first is the default, others are chosen
   * with Accept-Profile / Content-Profile). Default: [api] schemas of supabaseDir/config.toml,
   * else ["public"].
   */
  dbSchemas?: string[];
  /**
   * Hours between runs of the per-learner FSRS fit (MAGYARUL_FSRS_FIT_HOURS, default 24; 0: no
   * runs). The first run comes a few minutes after start.
   */
  fsrsFitHours?: number;
  /**
   * The AUTH_* variables of the environment the server was started with (auth/options.ts reads
   * its limits and settings from them); unset: process.env.
   */
  authEnv?: Readonly<Record<string, string | undefined>>;
};

export type ServerContext = {
  db: Db;
  keys: Keys;
  config: ServerConfig;
  mail: MailOutbox;
};

/** A service handles every request under its prefix; `path` is the part after the prefix. */
export type Service = (req: Request, path: string, ctx: ServerContext) => Promise<Response>;
