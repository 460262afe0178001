import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, errors } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { clientIp } from './request.ts';
import type { AuthHelpers } from './shared.ts';
import { isUuid, listFactors, type FactorRow } from './users.ts';

// Who may act on a TOTP factor: the calling session and its assurance level, the factor it
// owns, the guess limit, and the address a challenge is bound to (factors.ts, factor-verify.ts).

/** Guesses at a 6-digit code per user per minute (GoTrue: 15 challenge/verify per minute). */
export const MFA_VERIFY_PER_MINUTE = 15;

const limiters = new WeakMap<object, RateLimiter>();

/** Counts one challenge or verification of a user's factors; 429 past the limit. */
export function limitFactorCall(ctx: ServerContext, key: string): void {
  let limiter = limiters.get(ctx.db);
  if (!limiter) {
    limiter = new RateLimiter(MFA_VERIFY_PER_MINUTE, 60_000);
    limiters.set(ctx.db, limiter);
  }
  const result = limiter.take(key);
  if (!result.ok) throw errors.requestRateLimit(result.retryAfterSeconds);
}

export type Caller = { userId: string; email: string; sessionId: string; aal: string };

/** An action on one of the caller's factors (challenge, verify, unenrol); the route resolves the caller. */
export type FactorAction = (
  req: Request,
  ctx: ServerContext,
  who: Caller,
  factorId: string,
) => Promise<Response>;

export async function caller(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Caller> {
  const { user, sessionId } = await h.requireUser(req, ctx);
  if (!sessionId) {
    throw errors.unexpected(
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  const session = await ctx.db.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id::text = $1`,
    [sessionId],
  );
  return {
    userId: user.id,
    email: user.email ?? '',
    sessionId,
    aal: session.rows[0]?.aal ?? 'aal1',
  };
}

/** The user's factor with this id (GoTrue's loadFactor); 404 otherwise. */
export async function ownedFactor(
  q: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const found = (await listFactors(q, userId)).find((f) => f.id === factorId);
  if (!found) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return found;
}

/** A verified factor whose session is not aal2 may not change e-mail or password (user.go). */
export async function hasVerifiedFactor(q: Queryable, userId: string): Promise<boolean> {
  return (await listFactors(q, userId)).some((f) => f.status === 'verified');
}

export async function sessionIsAal2(q: Queryable, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const res = await q.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id::text = $1`,
    [sessionId],
  );
  return res.rows[0]?.aal === 'aal2';
}

/** The address a challenge is bound to; one that is not an IP address counts as loopback. */
export function ipOrLoopback(req: Request): string {
  const ip = clientIp(req);
  return /^[0-9a-f:.]+$/i.test(ip) && (ip.includes('.') || ip.includes(':')) ? ip : '127.0.0.1';
}
