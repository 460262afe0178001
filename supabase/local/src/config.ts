import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Keys, ServerConfig } from './context.ts';
import { parseDuration } from './db/role-timeouts.ts';
import { DEFAULT_MAX_BODY_BYTES } from './http/body.ts';
import { signJwt } from './jwt.ts';
import { isTxEnd, TX_ENDS } from './rest/tx-end.ts';

// Operator interface (DESIGN §9): PORT, MAGYARUL_DATA_DIR, DATABASE_URL, JWT_SECRET,
// AUTH_AUTOCONFIRM, NODE_ENV, MAGYARUL_DEMO_ACCOUNTS, MAGYARUL_STATEMENT_TIMEOUT,
// MAGYARUL_MAX_READ_COST, MAGYARUL_MAX_BODY, MAGYARUL_DB_AGGREGATES, MAGYARUL_DB_TX_END,
// MAGYARUL_FSRS_FIT_HOURS; MAGYARUL_SUPABASE_DIR (tests: another supabase/ folder) and
// MAGYARUL_WEB_DIR (another built web app).

/** The repository root (…/supabase/local/src → …). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEFAULT_PORT = 54321;

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** A size such as 2MB, 512kB or 1000 (bytes), in bytes; null if it is not one. */
export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb)?\s*$/i.exec(text);
  if (!match) return null;
  return Math.floor(Number(match[1]) * (SIZE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const port = overrides.port ?? (env.PORT ? Number(env.PORT) : DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  }
  const dataDir = resolve(overrides.dataDir ?? env.MAGYARUL_DATA_DIR ?? join(REPO_ROOT, '.data'));
  const webDir = overrides.webDir ?? env.MAGYARUL_WEB_DIR ?? join(REPO_ROOT, 'web', 'dist');
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  const timeoutText = env.MAGYARUL_STATEMENT_TIMEOUT?.trim();
  const statementTimeoutMs =
    overrides.statementTimeoutMs ?? (timeoutText ? parseDuration(timeoutText) : undefined);
  const costText = env.MAGYARUL_MAX_READ_COST?.trim();
  const maxReadCost = overrides.maxReadCost ?? (costText ? Number(costText) : undefined);
  if (maxReadCost !== undefined && !(Number.isFinite(maxReadCost) && maxReadCost >= 0)) {
    throw new Error(`MAGYARUL_MAX_READ_COST must be a number ≥ 0, got ${costText}`);
  }
  const bodyText = env.MAGYARUL_MAX_BODY?.trim();
  const maxBodyBytes =
    overrides.maxBodyBytes ?? (bodyText ? parseSize(bodyText) : DEFAULT_MAX_BODY_BYTES);
  if (maxBodyBytes === null || maxBodyBytes < 1) {
    throw new Error(`MAGYARUL_MAX_BODY must be a size such as 2MB or 512kB, got ${bodyText}`);
  }
  const fitText = env.MAGYARUL_FSRS_FIT_HOURS?.trim();
  const fsrsFitHours = overrides.fsrsFitHours ?? (fitText ? Number(fitText) : 24);
  if (!(Number.isFinite(fsrsFitHours) && fsrsFitHours >= 0)) {
    throw new Error(`MAGYARUL_FSRS_FIT_HOURS must be a number of hours ≥ 0, got ${fitText}`);
  }
  const txEndText = env.MAGYARUL_DB_TX_END?.trim();
  const dbTxEnd = overrides.dbTxEnd ?? (txEndText || 'commit');
  if (!isTxEnd(dbTxEnd)) {
    throw new Error(`MAGYARUL_DB_TX_END must be one of ${TX_ENDS.join(', ')}, got ${txEndText}`);
  }
  if (statementTimeoutMs === null) {
    throw new Error(
      `MAGYARUL_STATEMENT_TIMEOUT must be a duration such as 500ms or 3s, got ${timeoutText}`,
    );
  }
  return {
    port,
    publicUrl: overrides.publicUrl ?? `http://127.0.0.1:${port}`,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    autoconfirm: overrides.autoconfirm ?? flag(env.AUTH_AUTOCONFIRM),
    devRoutes: overrides.devRoutes ?? env.NODE_ENV !== 'production',
    demoAccounts:
      overrides.demoAccounts ??
      (env.MAGYARUL_DEMO_ACCOUNTS
        ? flag(env.MAGYARUL_DEMO_ACCOUNTS)
        : env.NODE_ENV !== 'production'),
    maxRows: overrides.maxRows ?? 1000,
    anonReadCache: overrides.anonReadCache ?? env.MAGYARUL_ANON_READ_CACHE !== 'false',
    reminderIntervalSeconds:
      overrides.reminderIntervalSeconds ?? reminderInterval(env.MAGYARUL_REMINDER_INTERVAL_SECONDS),
    dbAggregates: overrides.dbAggregates ?? flag(env.MAGYARUL_DB_AGGREGATES),
    dbTxEnd,
    ...(overrides.dbSchemas ? { dbSchemas: overrides.dbSchemas } : {}),
    authEnv:
      overrides.authEnv ??
      Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('AUTH_'))),
    maxBodyBytes,
    fsrsFitHours,
    ...(statementTimeoutMs !== undefined ? { statementTimeoutMs } : {}),
    ...(maxReadCost !== undefined ? { maxReadCost } : {}),
    webDir,
    supabaseDir: resolve(
      overrides.supabaseDir ?? env.MAGYARUL_SUPABASE_DIR ?? join(REPO_ROOT, 'supabase'),
    ),
  };
}

/** JWT_SECRET, else a random secret generated once and kept in the data directory. */
export function loadJwtSecret(dataDir: string, env: Record<string, string | undefined>): string {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Ten years from 2025-01-01, like the CLI's far-future keys. */
const KEY_EXPIRY = 2_051_222_400;
const KEY_ISSUED = 1_735_689_600;

export function makeKeys(jwtSecret: string): Keys {
  const key = (role: string) =>
    signJwt({ iss: 'supabase-demo', role, iat: KEY_ISSUED, exp: KEY_EXPIRY }, jwtSecret);
  return { jwtSecret, anonKey: key('anon'), serviceRoleKey: key('service_role') };
}

function reminderInterval(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 300;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new Error(`MAGYARUL_REMINDER_INTERVAL_SECONDS must be whole seconds, got ${text}`);
  }
  return seconds;
}
