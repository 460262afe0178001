import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { parseToml, tomlTable } from '../functions/config-toml.ts';
import { RateLimiter } from './rate-limit.ts';

// Auth settings. Defaults follow hosted GoTrue where tests allow; the request limit is generous
// so test suites on 127.0.0.1 do not trip it. Environment variables override the defaults;
// configureAuth() overrides per server (tests).

export type AuthOptions = {
  /** Requests per window, per client address and endpoint (429 over_request_rate_limit). */
  requestLimit: number;
  requestWindowSeconds: number;
  /** Minimum spacing of auth e-mails of one kind to one address (429 over_email_send_rate_limit). */
  emailMinIntervalSeconds: number;
  /** A revoked refresh token may still be swapped within this many seconds (hosted: 10). */
  refreshTokenReuseIntervalSeconds: number;
  jwtExpirySeconds: number;
  /** Lifetime of e-mail links and OTPs (MAILER_OTP_EXP). */
  otpExpirySeconds: number;
  minPasswordLength: number;
  /** Lifetime of a PKCE flow state (FLOW_STATE_EXPIRY_DURATION; GoTrue's default and minimum 300). */
  flowStateExpirySeconds: number;
  /** `[auth.email] secure_password_change`: a password change needs a reauthentication nonce. */
  securePasswordChange: boolean;
  /** MFA_CHALLENGE_EXPIRY_DURATION: seconds a factor challenge may be verified in. */
  mfaChallengeExpirySeconds: number;
  /** MFA_MAX_ENROLLED_FACTORS. */
  mfaMaxEnrolledFactors: number;
  /** The clock TOTP codes are checked against (ms); tests step it instead of waiting 30 s. */
  totpClock: () => number;
  /** AUTH_SITE_URL: where e-mail links land by default; unset → the server's public URL. */
  siteUrl: string | null;
  /**
   * Allowed redirect_to patterns besides the site: config.toml [auth] additional_redirect_urls
   * plus AUTH_ADDITIONAL_REDIRECT_URLS (comma-separated).
   */
  additionalRedirectUrls: string[];
};

function envInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** [auth] additional_redirect_urls of <supabaseDir>/config.toml, or [] without one. */
export function tomlRedirectUrls(supabaseDir: string | undefined): string[] {
  if (!supabaseDir) return [];
  const path = join(supabaseDir, 'config.toml');
  if (!existsSync(path)) return [];
  const value = tomlTable(parseToml(readFileSync(path, 'utf8')), [
    'auth',
  ])?.additional_redirect_urls;
  return Array.isArray(value) ? value.filter((url) => typeof url === 'string') : [];
}

export function authOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
  supabaseDir?: string,
): AuthOptions {
  const site = env.AUTH_SITE_URL?.trim();
  return {
    requestLimit: envInt(env, 'AUTH_RATE_LIMIT_REQUESTS', 3000),
    requestWindowSeconds: envInt(env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS', 300),
    emailMinIntervalSeconds: envInt(env, 'AUTH_EMAIL_MIN_INTERVAL_SECONDS', 60),
    refreshTokenReuseIntervalSeconds: envInt(env, 'AUTH_REFRESH_TOKEN_REUSE_INTERVAL', 10),
    jwtExpirySeconds: Math.max(120, envInt(env, 'AUTH_JWT_EXPIRY', 3600)),
    otpExpirySeconds: envInt(env, 'AUTH_OTP_EXPIRY', 86_400),
    minPasswordLength: Math.max(6, envInt(env, 'AUTH_MIN_PASSWORD_LENGTH', 6)),
    flowStateExpirySeconds: Math.max(300, envInt(env, 'AUTH_FLOW_STATE_EXPIRY', 300)),
    securePasswordChange: ['1', 'true', 'yes', 'on'].includes(
      (env.AUTH_SECURE_PASSWORD_CHANGE ?? '').toLowerCase(),
    ),
    mfaChallengeExpirySeconds: Math.max(300, envInt(env, 'AUTH_MFA_CHALLENGE_EXPIRY', 300)),
    mfaMaxEnrolledFactors: Math.max(1, envInt(env, 'AUTH_MFA_MAX_ENROLLED_FACTORS', 10)),
    totpClock: () => Date.now(),
    siteUrl: site ? site : null,
    additionalRedirectUrls: [
      ...tomlRedirectUrls(supabaseDir),
      ...list(env.AUTH_ADDITIONAL_REDIRECT_URLS),
    ],
  };
}

export type AuthState = { options: AuthOptions; limiter: RateLimiter };

// Keyed by the database handle: one per running server.
const states = new WeakMap<object, AuthState>();

function build(options: AuthOptions): AuthState {
  return {
    options,
    limiter: new RateLimiter(options.requestLimit, options.requestWindowSeconds * 1000),
  };
}

export function authState(ctx: ServerContext): AuthState {
  let state = states.get(ctx.db);
  if (!state) {
    state = build(authOptionsFromEnv(process.env, ctx.config.supabaseDir));
    states.set(ctx.db, state);
  }
  return state;
}

/** Overrides auth settings for one server (resets its rate-limit counters). */
export function configureAuth(ctx: ServerContext, options: Partial<AuthOptions>): AuthOptions {
  const merged = { ...authState(ctx).options, ...options };
  states.set(ctx.db, build(merged));
  return merged;
}
