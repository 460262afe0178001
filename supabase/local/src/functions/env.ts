import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { ServerContext } from '../context.ts';

// What a function sees in its environment: what hosted Supabase gives one, nothing of the
// server's own (no JWT_SECRET, DATABASE_URL, PATH …). That is the four SUPABASE_* variables and
// the project's secrets, which locally come from supabase/functions/.env: the file
// `supabase functions serve` reads and `supabase secrets set --env-file` uploads. As on hosted, a
// secret cannot be named SUPABASE_*.

let secretsCache: { path: string; mtimeMs: number; secrets: Record<string, string> } | null = null;

/** The secrets of supabase/functions/.env (none when there is no such file). */
export function functionSecrets(supabaseDir: string): Record<string, string> {
  const path = join(supabaseDir, 'functions', '.env');
  if (!existsSync(path)) return {};
  const { mtimeMs } = statSync(path);
  if (secretsCache?.path !== path || secretsCache.mtimeMs !== mtimeMs) {
    const parsed = parseEnv(readFileSync(path, 'utf8'));
    const secrets: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (!name.startsWith('SUPABASE_') && value !== undefined) secrets[name] = value;
    }
    secretsCache = { path, mtimeMs, secrets };
  }
  return secretsCache.secrets;
}

/**
 * Defaults for the project's own mail secrets (send-reminders), only while the development
 * routes are on: mail goes to the outbox's Resend-style endpoint with the service role key. On
 * hosted, and under NODE_ENV=production, MAIL_API_URL, MAIL_API_KEY, MAIL_FROM and SITE_URL are
 * secrets the project sets (supabase/functions/send-reminders/README.md).
 */
function developmentMailSecrets(ctx: ServerContext): Record<string, string> {
  if (!ctx.config.devRoutes) return {};
  return {
    MAIL_API_URL: `${ctx.config.publicUrl}/_dev/mail/send`,
    MAIL_API_KEY: ctx.keys.serviceRoleKey,
    MAIL_FROM: 'Magyarul <reminders@magyarul.local>',
    SITE_URL: ctx.config.publicUrl,
  };
}

export function functionEnv(ctx: ServerContext): Record<string, string | undefined> {
  return {
    ...developmentMailSecrets(ctx),
    ...functionSecrets(ctx.config.supabaseDir),
    SUPABASE_URL: ctx.config.publicUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.config.databaseUrl,
  };
}
