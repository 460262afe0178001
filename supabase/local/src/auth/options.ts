import type { ServerContext } from '../context.ts';
import { CodeGuesses } from './code-guesses.ts';
import { PasswordThrottle } from './password-throttle.ts';
import { IntervalLimiter, RateLimiter } from './rate-limit.ts';
import { tomlAuthSettings } from './toml-settings.ts';

// Auth settings: hosted GoTrue's defaults, then supabase/config.toml ([auth], [auth.email],
// [auth.rate_limit]; auth/toml-settings.ts), then AUTH_* environment variables of the server
// (tests raise limits there, never by lowering the defaults); configureAuth() overrides per
// server (tests).

export type AuthOptions = {
  /** `[auth.rate_limit] sign_in_sign_ups`: per address and endpoint, 5 minutes (sign-up, password, recover, resend, OTP, PUT /user). */
  signInSignUpsPer5Min: number;
  /** `[auth.rate_limit] token_verifications`: /verify and nonce checks per address, 5 minutes. */
  tokenVerificationsPer5Min: number;
  /** `[auth.rate_limit] token_refresh`: refresh and PKCE grants per address, 5 minutes. */
  tokenRefreshesPer5Min: number;
  /** `[auth.rate_limit] email_sent`: auth e-mails per hour, the whole server together. */
  emailsPerHour: number;
  /** `[auth.email] max_frequency`: spacing of auth e-mails of one kind to one address. */
  emailMinIntervalSeconds: number;
  /** `[auth] enable_signup`: false answers sign-ups with signup_disabled. */
  enableSignup: boolean;
  /** `[auth.email] enable_signup`: false answers e-mail sign-ups with email_provider_disabled. */
  enableEmailSignup: boolean;
  /** `[auth.email] double_confirm_changes`: an e-mail change is confirmed by both addresses. */
  doubleConfirmChanges: boolean;
  /** A revoked refresh token may still be swapped within this many seconds (hosted: 10). */
  refreshTokenReuseIntervalSeconds: number;
  jwtExpirySeconds: number;
  /** `[auth.email] otp_expiry`: lifetime of e-mail links and codes (hosted: 3600). */
  otpExpirySeconds: number;
  /** `[auth.email] otp_length`: digits of an e-mailed code (6 to 10). */
  otpLength: number;
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
  /**
   * AUTH_RATE_LIMIT_HEADER (GoTrue's RATE_LIMIT_HEADER): behind a reverse proxy, the header whose
   * first value is the client address; unset → the connection's own address.
   */
  rateLimitHeader: string | null;
};

type Env = Readonly<Record<string, string | undefined>>;

function envInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

function envFlag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  return fallback;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function authOptionsFromEnv(env: Env = process.env, supabaseDir?: string): AuthOptions {
  const toml = tomlAuthSettings(supabaseDir);
  const site = env.AUTH_SITE_URL?.trim();
  const header = env.AUTH_RATE_LIMIT_HEADER?.trim().toLowerCase();
  return {
    signInSignUpsPer5Min: envInt(
      env,
      'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS',
      toml.signInSignUpsPer5Min ?? 30,
    ),
    tokenVerificationsPer5Min: envInt(
      env,
      'AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS',
      toml.tokenVerificationsPer5Min ?? 30,
    ),
    tokenRefreshesPer5Min: envInt(
      env,
      'AUTH_RATE_LIMIT_TOKEN_REFRESH',
      toml.tokenRefreshesPer5Min ?? 150,
    ),
    emailsPerHour: envInt(env, 'AUTH_RATE_LIMIT_EMAIL_SENT', toml.emailsPerHour ?? 30),
    emailMinIntervalSeconds: envInt(
      env,
      'AUTH_EMAIL_MIN_INTERVAL_SECONDS',
      toml.emailMinIntervalSeconds ?? 60,
    ),
    enableSignup: envFlag(env, 'AUTH_ENABLE_SIGNUP', toml.enableSignup ?? true),
    enableEmailSignup: toml.enableEmailSignup ?? true,
    doubleConfirmChanges: toml.doubleConfirmChanges ?? true,
    refreshTokenReuseIntervalSeconds: envInt(env, 'AUTH_REFRESH_TOKEN_REUSE_INTERVAL', 10),
    jwtExpirySeconds: Math.max(120, envInt(env, 'AUTH_JWT_EXPIRY', 3600)),
    otpExpirySeconds: Math.max(60, envInt(env, 'AUTH_OTP_EXPIRY', toml.otpExpirySeconds ?? 3600)),
    otpLength: Math.min(10, Math.max(6, envInt(env, 'AUTH_OTP_LENGTH', toml.otpLength ?? 6))),
    minPasswordLength: Math.max(
      6,
      envInt(env, 'AUTH_MIN_PASSWORD_LENGTH', toml.minPasswordLength ?? 6),
    ),
    flowStateExpirySeconds: Math.max(300, envInt(env, 'AUTH_FLOW_STATE_EXPIRY', 300)),
    securePasswordChange: envFlag(
      env,
      'AUTH_SECURE_PASSWORD_CHANGE',
      toml.securePasswordChange ?? false,
    ),
    mfaChallengeExpirySeconds: Math.max(300, envInt(env, 'AUTH_MFA_CHALLENGE_EXPIRY', 300)),
    mfaMaxEnrolledFactors: Math.max(1, envInt(env, 'AUTH_MFA_MAX_ENROLLED_FACTORS', 10)),
    totpClock: () => Date.now(),
    siteUrl: site ? site : null,
    additionalRedirectUrls: [
      ...(toml.additionalRedirectUrls ?? []),
      ...list(env.AUTH_ADDITIONAL_REDIRECT_URLS),
    ],
    rateLimitHeader: header ? header : null,
  };
}

/** The limiters of one server, by what they count. */
export type AuthLimiters = {
  signInSignUps: RateLimiter;
  tokenVerifications: RateLimiter;
  tokenRefreshes: RateLimiter;
  emails: IntervalLimiter;
  /** Wrong passwords per account and address. */
  passwords: PasswordThrottle;
  /** Wrong guesses per e-mailed code. */
  codes: CodeGuesses;
};

export type AuthState = { options: AuthOptions; limiters: AuthLimiters };

// Keyed by the database handle: one per running server.
const states = new WeakMap<object, AuthState>();

const FIVE_MINUTES = 300_000;

function build(options: AuthOptions): AuthState {
  return {
    options,
    limiters: {
      signInSignUps: new RateLimiter(options.signInSignUpsPer5Min, FIVE_MINUTES),
      tokenVerifications: new RateLimiter(options.tokenVerificationsPer5Min, FIVE_MINUTES),
      tokenRefreshes: new RateLimiter(options.tokenRefreshesPer5Min, FIVE_MINUTES),
      emails: new IntervalLimiter(options.emailsPerHour, 3_600_000),
      passwords: new PasswordThrottle(),
      codes: new CodeGuesses(),
    },
  };
}

export function authState(ctx: ServerContext): AuthState {
  let state = states.get(ctx.db);
  if (!state) {
    state = build(authOptionsFromEnv(ctx.config.authEnv ?? process.env, ctx.config.supabaseDir));
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
