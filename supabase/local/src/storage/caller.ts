import type { Queryable, ServerContext } from '../context.ts';
import { statementTimeoutMs, timeoutSetting } from '../db/role-timeouts.ts';
import { verifyJwt } from '../jwt.ts';
import { bearerToken } from '../auth/request.ts';
import { storageErrors } from './errors.ts';

// Who is asking, and running database work as them: every storage operation that is not a
// public read runs in a transaction as the caller's role with request.jwt.claims set, exactly
// like /rest/v1, so row level security on storage.objects decides.

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type Caller = { role: string; claims: Record<string, unknown>; sub: string | null };

export const ANON: Caller = { role: 'anon', claims: { role: 'anon' }, sub: null };

export function callerOf(req: Request, ctx: ServerContext): Caller {
  const token = bearerToken(req) ?? req.headers.get('apikey');
  if (!token || token.startsWith('sb_')) return ANON;
  const verified = verifyJwt(token, ctx.keys.jwtSecret);
  if (!verified.ok) {
    const message =
      verified.error.code === 'expired'
        ? 'jwt expired'
        : verified.error.code === 'bad_signature'
          ? 'invalid signature'
          : 'jwt malformed';
    throw storageErrors.accessDenied(message);
  }
  return callerFromClaims(verified.claims);
}

/** A caller from verified claims (a request's JWT, or the signer carried in an upload token). */
export function callerFromClaims(claims: Record<string, unknown>): Caller {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw storageErrors.accessDenied(`role "${role}" is not allowed`);
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { role, claims: { ...claims, role }, sub };
}

/** The caller's user id when it is a UUID (storage.objects.owner is uuid; owner_id is text). */
export function ownerUuid(caller: Caller): string | null {
  return caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null;
}

export async function asCaller<T>(
  ctx: ServerContext,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const timeoutMs = await statementTimeoutMs(ctx, caller.role);
  return ctx.db.transaction(
    async (tx) => {
      // storage.allow_delete_query: as hosted's Storage API does for every request, so the
      // platform trigger protect_objects_delete lets this service's deletes through (RLS decides
      // which rows go) while a direct DELETE through SQL is refused.
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('storage.allow_delete_query', 'true', true),
                set_config('statement_timeout', coalesce($3, current_setting('statement_timeout')), true)`,
        [caller.role, JSON.stringify(caller.claims), timeoutSetting(timeoutMs)],
      );
      return fn(tx);
    },
    { timeoutMs },
  );
}

class Probe extends Error {}

/**
 * Runs `fn` as the caller and always rolls it back: a permission test (hosted Storage's
 * testPermission). A refusal by row level security surfaces as the database error.
 */
export async function testPermission(
  ctx: ServerContext,
  caller: Caller,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await asCaller(ctx, caller, async (tx) => {
      await fn(tx);
      throw new Probe('rolled back on purpose');
    });
  } catch (error) {
    if (!(error instanceof Probe)) throw error;
  }
}
