import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable, ServerContext } from '../context.ts';
import { signJwt } from '../jwt.ts';
import { errors } from './errors.ts';
import { authState } from './options.ts';
import { iso } from './request.ts';
import { findUserById, listFactors, listIdentities, userJson, type UserRow } from './users.ts';

// Sessions, access tokens (claims of compat doc §3.3) and refresh-token rotation (§3.4).

export type AmrMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous';

type AmrRow = { authentication_method: string; updated_at: unknown };

/** Methods that prove a second factor (GoTrue AMRClaim.IsAAL2Claim). */
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Creates auth.sessions + amr claim + first refresh token; updates last_sign_in_at. */
export async function createSession(
  q: Queryable,
  userId: string,
  method: AmrMethod,
  userAgent: string | null,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
     values ($1, $2, now(), now(), 'aal1', $3)`,
    [sessionId, userId, userAgent],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())`,
    [sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, userId, sessionId],
  );
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
    userId,
  ]);
  await q.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  return { sessionId, refreshToken };
}

export function accessTokenClaims(
  ctx: ServerContext,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  now: number,
): Record<string, unknown> {
  const { jwtExpirySeconds } = authState(ctx).options;
  const userMetadata = user.raw_user_meta_data;
  const appMetadata = user.raw_app_meta_data;
  return {
    iss: `${ctx.config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: now + jwtExpirySeconds,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: typeof appMetadata === 'object' && appMetadata !== null ? appMetadata : {},
    user_metadata: typeof userMetadata === 'object' && userMetadata !== null ? userMetadata : {},
    role: user.role ?? 'authenticated',
    aal: amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
}

/** The session JSON of §3.2 for a user, session and refresh token. */
export async function sessionResponse(
  ctx: ServerContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const user = await findUserById(q, userId);
  if (!user) throw errors.userNotFound(404, 'User not found');
  const amrRows = await q.query<AmrRow>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1
     order by updated_at desc`,
    [sessionId],
  );
  const amr = amrRows.rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(new Date(iso(r.updated_at) ?? Date.now()).getTime() / 1000),
  }));
  const now = Math.floor(Date.now() / 1000);
  const claims = accessTokenClaims(ctx, user, sessionId, amr, now);
  const expiresIn = authState(ctx).options.jwtExpirySeconds;
  return {
    access_token: signJwt(claims, ctx.keys.jwtSecret),
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, await listIdentities(q, user.id), await listFactors(q, user.id)),
  };
}

type TokenRow = {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  revoked_age: number;
  session_exists: boolean;
  session_ended: boolean;
};

/**
 * grant_type=refresh_token inside one transaction: rotation, reuse interval, reuse detection.
 * A revoked token is honoured only within the reuse interval after its revocation (the parent of
 * the live token gets the live token back; an older one is swapped for a new child); later, any
 * revoked token revokes the session's whole family and ends the session.
 */
export async function refreshGrant(
  ctx: ServerContext,
  tx: Queryable,
  presented: string,
): Promise<{ result: Record<string, unknown> } | { reuseDetected: true }> {
  const res = await tx.query<TokenRow>(
    `select t.id::text as id, t.token, t.user_id, coalesce(t.revoked, false) as revoked, t.parent,
            t.session_id::text as session_id,
            extract(epoch from (now() - t.updated_at))::float8 as revoked_age,
            s.id is not null as session_exists,
            coalesce(s.not_after <= now(), false) as session_ended
       from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
      where t.token = $1
      for update of t`,
    [presented],
  );
  const token = res.rows[0];
  if (!token) throw errors.refreshTokenNotFound();
  if (!token.session_id || !token.session_exists)
    throw errors.sessionNotFound(400, 'Invalid Refresh Token: No Valid Session Found');
  if (token.session_ended)
    throw errors.sessionNotFound(400, 'Invalid Refresh Token: Session Expired');
  const user = await findUserById(tx, token.user_id);
  if (!user) throw errors.userNotFound(400, 'Invalid Refresh Token: User Not Found');
  if (user.is_banned) throw errors.userBanned();

  if (token.revoked) {
    const reuse = authState(ctx).options.refreshTokenReuseIntervalSeconds;
    if (token.revoked_age > reuse) {
      // Reuse of a rotated token after the reuse window, even of the live token's parent: it
      // may be a stolen copy, so revoke the whole family (the live token too) and end the
      // session.
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = now()
          where session_id = $1 and coalesce(revoked, false) = false`,
        [token.session_id],
      );
      await tx.query(
        `update auth.sessions set not_after = now(), updated_at = now() where id = $1`,
        [token.session_id],
      );
      return { reuseDetected: true };
    }
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and coalesce(revoked, false) = false
        order by id desc limit 1`,
      [token.session_id],
    );
    const current = active.rows[0];
    if (current && current.parent === token.token) {
      // Within the window, the client lost the previous response: hand back the active token,
      // no new one.
      await touchSession(tx, token.session_id);
      return { result: await sessionResponse(ctx, tx, user.id, token.session_id, current.token) };
    }
  }

  if (!token.revoked) {
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`,
      [token.id],
    );
  }
  const child = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [child, user.id, token.token, token.session_id],
  );
  await touchSession(tx, token.session_id);
  return { result: await sessionResponse(ctx, tx, user.id, token.session_id, child) };
}

async function touchSession(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
    [sessionId],
  );
}
