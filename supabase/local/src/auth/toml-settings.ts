import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TomlTable } from 'smol-toml';
import { parseToml, tomlTable } from '../functions/config-toml.ts';
import { parseGoDuration } from './go-duration.ts';

// The auth settings of supabase/config.toml, as the Supabase CLI hands them to GoTrue:
// [auth] enable_signup, additional_redirect_urls, minimum_password_length; [auth.email]
// enable_signup, double_confirm_changes, secure_password_change, max_frequency, otp_length,
// otp_expiry; [auth.rate_limit] email_sent, sign_in_sign_ups, token_verifications,
// token_refresh. A key that is absent (or a file that is) leaves hosted's default in place.

export type TomlAuthSettings = {
  enableSignup?: boolean;
  enableEmailSignup?: boolean;
  doubleConfirmChanges?: boolean;
  securePasswordChange?: boolean;
  minPasswordLength?: number;
  additionalRedirectUrls?: string[];
  emailMinIntervalSeconds?: number;
  otpLength?: number;
  otpExpirySeconds?: number;
  emailsPerHour?: number;
  signInSignUpsPer5Min?: number;
  tokenVerificationsPer5Min?: number;
  tokenRefreshesPer5Min?: number;
};

function bool(table: TomlTable | undefined, key: string): boolean | undefined {
  const value = table?.[key];
  return typeof value === 'boolean' ? value : undefined;
}

function count(table: TomlTable | undefined, key: string): number | undefined {
  const value = table?.[key];
  const n = typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

function seconds(duration: string): number | undefined {
  const ms = parseGoDuration(duration.trim());
  return ms === null ? undefined : Math.round(ms / 1000);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The auth settings of <supabaseDir>/config.toml; {} without the file. */
export function tomlAuthSettings(supabaseDir: string | undefined): TomlAuthSettings {
  if (!supabaseDir) return {};
  const path = join(supabaseDir, 'config.toml');
  if (!existsSync(path)) return {};
  const doc = parseToml(readFileSync(path, 'utf8'));
  const auth = tomlTable(doc, ['auth']);
  const email = tomlTable(doc, ['auth', 'email']);
  const limits = tomlTable(doc, ['auth', 'rate_limit']);
  const redirects = auth?.additional_redirect_urls;
  const frequency = email?.max_frequency;
  return withoutUndefined({
    enableSignup: bool(auth, 'enable_signup'),
    enableEmailSignup: bool(email, 'enable_signup'),
    doubleConfirmChanges: bool(email, 'double_confirm_changes'),
    securePasswordChange: bool(email, 'secure_password_change'),
    minPasswordLength: count(auth, 'minimum_password_length'),
    additionalRedirectUrls: Array.isArray(redirects)
      ? redirects.filter((url): url is string => typeof url === 'string')
      : undefined,
    emailMinIntervalSeconds: typeof frequency === 'string' ? seconds(frequency) : undefined,
    otpLength: count(email, 'otp_length'),
    otpExpirySeconds: count(email, 'otp_expiry'),
    emailsPerHour: count(limits, 'email_sent'),
    signInSignUpsPer5Min: count(limits, 'sign_in_sign_ups'),
    tokenVerificationsPer5Min: count(limits, 'token_verifications'),
    tokenRefreshesPer5Min: count(limits, 'token_refresh'),
  });
}
