import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

// RFC 6238 TOTP as GoTrue uses it (pquerna/otp: SHA-1, 6 digits, 30-second period, a 20-byte
// secret in base32, ±1 step of skew), through otpauth; the enrolment QR code is an SVG, as
// GoTrue's goqrsvg output is.

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted for (GoTrue: Skew 1). */
export const TOTP_SKEW = 1;

function totp(secret: string): TOTP {
  return new TOTP({
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret, base32 without padding (32 characters, 160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD);
}

/** The code for a secret at a moment (tests and tools: what an authenticator app shows). */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return totp(secret).generate({ timestamp: atMs });
}

/**
 * The time step a code belongs to when it is valid at `atMs` within ±TOTP_SKEW steps, or null.
 * Anything but exactly six digits is refused before any comparison.
 */
export function matchTotp(secret: string, code: string, atMs: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window: TOTP_SKEW });
  return delta === null ? null : totpStep(atMs) + delta;
}

/** otpauth:// URI the way pquerna/otp writes it (issuer prefix in the label, sorted query). */
export function totpUri(secret: string, issuer: string, account: string): string {
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD),
    secret,
  });
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The QR code of a URI as an SVG document (auth-js turns it into a data: URI). */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: 'H', border: 4 });
}
