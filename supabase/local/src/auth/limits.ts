import type { ServerContext } from '../context.ts';
import { errors } from './errors.ts';
import { authState } from './options.ts';
import { addressKey } from './rate-limit.ts';
import { clientIp } from './request.ts';

// Which limit a request counts against, as GoTrue's router has them (internal/api/api.go,
// token.go): sign-up, password sign-in, recover, resend, magic link / OTP and PUT /user each
// have a bucket of [auth.rate_limit] sign_in_sign_ups per address; GET and POST /verify one of
// token_verifications; the refresh and PKCE grants one of token_refresh. Over it: 429
// over_request_rate_limit with Retry-After.

type Bucket = { limiter: 'signInSignUps' | 'tokenVerifications' | 'tokenRefreshes'; name: string };

/** The address a request is counted under (see AuthOptions.rateLimitHeader). */
export function clientAddress(req: Request, ctx: ServerContext): string {
  const header = authState(ctx).options.rateLimitHeader;
  const given = header ? req.headers.get(header)?.split(',')[0]?.trim() : undefined;
  return addressKey(given || clientIp(req));
}

function bucketOf(method: string, path: string, grant: string | null): Bucket | null {
  if (path === '/verify' && (method === 'GET' || method === 'POST')) {
    return { limiter: 'tokenVerifications', name: 'verify' };
  }
  if (path === '/user') return method === 'PUT' ? { limiter: 'signInSignUps', name: 'user' } : null;
  if (method !== 'POST') return null;
  if (path === '/token') {
    return grant === 'password'
      ? { limiter: 'signInSignUps', name: 'password' }
      : { limiter: 'tokenRefreshes', name: 'token' };
  }
  if (['/signup', '/recover', '/resend', '/otp', '/magiclink'].includes(path)) {
    return { limiter: 'signInSignUps', name: path.slice(1) };
  }
  return null;
}

/** Counts the request against its bucket; throws 429 over_request_rate_limit when empty. */
export function limitRequest(req: Request, path: string, ctx: ServerContext): void {
  const grant = path === '/token' ? new URL(req.url).searchParams.get('grant_type') : null;
  const bucket = bucketOf(req.method.toUpperCase(), path, grant);
  if (bucket) take(req, ctx, bucket.limiter, bucket.name);
}

/** Counts one more check of an e-mailed code (a nonce in PUT /user) as a token verification. */
export function limitTokenCheck(req: Request, ctx: ServerContext): void {
  take(req, ctx, 'tokenVerifications', 'nonce');
}

function take(req: Request, ctx: ServerContext, limiter: Bucket['limiter'], name: string): void {
  const result = authState(ctx).limiters[limiter].take(`${name} ${clientAddress(req, ctx)}`);
  if (!result.ok) throw errors.requestRateLimit(result.retryAfterSeconds);
}
