import type { Db, Queryable, ServerConfig } from '../context.ts';

// Statement timeouts per API role, as PostgREST applies them: the `statement_timeout` of each
// role's settings (ALTER ROLE anon SET statement_timeout = '3s', as hosted Supabase and the
// platform SQL have it) is set for the request's transaction. MAGYARUL_STATEMENT_TIMEOUT
// overrides it for anon and authenticated (tests use a short one). On PostgreSQL the server
// enforces it; on PGlite the watchdog of db/pglite.ts does.

const UNITS: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A Postgres duration ("3s", "500ms", "1min", "250" = ms) in ms, or null if it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(text);
  if (!match) return null;
  return Math.round(Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1));
}

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

/** statement_timeout of the API roles' settings, in ms (absent: none). */
export async function loadRoleTimeouts(db: Queryable): Promise<Map<string, number>> {
  const res = await db.query<{ role: string; config: string[] | null }>(
    `select r.rolname as role, s.setconfig as config
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where r.rolname = any($1::text[])
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by s.setdatabase`,
    [API_ROLES],
  );
  const out = new Map<string, number>();
  for (const row of res.rows) {
    for (const setting of row.config ?? []) {
      const eq = setting.indexOf('=');
      if (setting.slice(0, eq) !== 'statement_timeout') continue;
      const ms = parseDuration(setting.slice(eq + 1));
      if (ms !== null) out.set(row.role, ms);
    }
  }
  return out;
}

const cache = new WeakMap<object, Promise<Map<string, number>>>();

/** Forgets the roles' settings (after migrations, which may change them). */
export function invalidateRoleTimeouts(db: Db): void {
  cache.delete(db);
}

function roleTimeouts(db: Db): Promise<Map<string, number>> {
  let loaded = cache.get(db);
  if (!loaded) {
    loaded = loadRoleTimeouts(db);
    loaded.catch(() => cache.delete(db));
    cache.set(db, loaded);
  }
  return loaded;
}

/** The statement timeout of `role` in ms; 0 means none. */
export async function statementTimeoutMs(
  ctx: { db: Db; config: Pick<ServerConfig, 'statementTimeoutMs'> },
  role: string,
): Promise<number> {
  const override = ctx.config.statementTimeoutMs;
  if (override !== undefined && (role === 'anon' || role === 'authenticated')) return override;
  return (await roleTimeouts(ctx.db)).get(role) ?? 0;
}

/** The value for set_config('statement_timeout', …, true): the role's timeout or the current one. */
export function timeoutSetting(ms: number): string | null {
  return ms > 0 ? `${ms}ms` : null;
}
