import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JWTs as Supabase issues them (legacy keys and user access tokens).

export type JwtClaims = Record<string, unknown> & {
  role?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
};

export type JwtError = {
  code: 'malformed' | 'bad_signature' | 'expired' | 'not_yet_valid';
  message: string;
};

const CLOCK_SKEW_SECONDS = 30;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

type Verified = { ok: true; claims: JwtClaims } | { ok: false; error: JwtError };

/**
 * Tokens whose header, payload and signature were already checked against a secret: every
 * request carries the same apikey and access token over and over, and the HMAC and two JSON
 * parses were a tenth of a REST read. Only good signatures are remembered (an unsigned token
 * cannot fill the map), the time claims are checked again on every use, and the map is
 * emptied when it reaches its bound.
 */
const verifiedTokens = new Map<string, { secret: string; claims: JwtClaims }>();
export const VERIFIED_TOKENS_LIMIT = 10_000;

function checkTime(claims: JwtClaims, nowSeconds: number): Verified {
  if (typeof claims.exp === 'number' && nowSeconds > claims.exp + CLOCK_SKEW_SECONDS) {
    return { ok: false, error: { code: 'expired', message: 'JWT expired' } };
  }
  if (typeof claims.nbf === 'number' && nowSeconds + CLOCK_SKEW_SECONDS < claims.nbf) {
    return { ok: false, error: { code: 'not_yet_valid', message: 'JWT not yet valid' } };
  }
  // A copy: callers may add to the claims they are given.
  return { ok: true, claims: { ...claims } };
}

/** Verifies signature and time claims; returns the claims or a typed error, never throws. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Verified {
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret) return checkTime(known.claims, nowSeconds);
  const parts = token.split('.');
  if (parts.length !== 3) {
    return {
      ok: false,
      error: { code: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` },
    };
  }
  const [header, payload, signature] = parts as [string, string, string];
  let parsedHeader: unknown;
  let claims: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return {
      ok: false,
      error: { code: 'malformed', message: 'JWT cryptographic operation failed' },
    };
  }
  if (
    typeof parsedHeader !== 'object' ||
    parsedHeader === null ||
    (parsedHeader as { alg?: unknown }).alg !== 'HS256' ||
    typeof claims !== 'object' ||
    claims === null ||
    Array.isArray(claims)
  ) {
    return {
      ok: false,
      error: { code: 'malformed', message: 'No suitable key or wrong key type' },
    };
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, error: { code: 'bad_signature', message: 'Invalid JWT signature' } };
  }
  const c = claims as JwtClaims;
  if (verifiedTokens.size >= VERIFIED_TOKENS_LIMIT) verifiedTokens.clear();
  verifiedTokens.set(token, { secret, claims: c });
  return checkTime(c, nowSeconds);
}
