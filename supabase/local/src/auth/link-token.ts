import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerContext } from '../context.ts';

// The token an e-mailed link (and admin generate_link's hashed_token) carries: the stored hash
// sha224(email + code) followed by a MAC under the server's secret. GoTrue links carry the bare
// hash, which anyone who knows the address can compute for each of the 10^6 codes and try
// without ever naming the address; here only the server can make a link token, so the one way
// to guess a code is to type it with the address (POST /verify), where every wrong guess is
// counted against that code (auth/code-guesses.ts).

const SEPARATOR = '.';

function mac(ctx: ServerContext, stored: string): string {
  return createHmac('sha256', ctx.keys.jwtSecret)
    .update(`magyarul e-mail link\0${stored}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The link token of a stored token (`<hash>` or `pkce_<hash>`). */
export function linkToken(ctx: ServerContext, stored: string): string {
  return `${stored}${SEPARATOR}${mac(ctx, stored)}`;
}

/** The stored token a link token stands for, or null when the server did not make it. */
export function storedToken(ctx: ServerContext, token: string): string | null {
  const at = token.lastIndexOf(SEPARATOR);
  if (at <= 0) return null;
  const stored = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(mac(ctx, stored));
  return given.length === expected.length && timingSafeEqual(given, expected) ? stored : null;
}
