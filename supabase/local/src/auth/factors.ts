import { randomUUID } from 'node:crypto';
import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import type { AuthHelpers } from './shared.ts';
import { authState } from './options.ts';
import { RateLimiter } from './rate-limit.ts';
import { clientIp, iso, readJsonObject, str } from './request.ts';
import { newRefreshToken, sessionResponse } from './tokens.ts';
import { matchTotp, newTotpSecret, qrSvg, totpUri } from './totp.ts';
import { factorJson, isUuid, listFactors, type FactorRow } from './users.ts';

// TOTP factors as GoTrue serves them (internal/api/mfa.go): enrol, challenge, verify, unenrol,
// and the admin family's list and delete. Verifying adds the `totp` method to the session's
// amr claims, which makes the session aal2 (tokens.ts), hands out a new refresh token and ends
// the user's other aal1 sessions. One addition: a code is accepted once (auth.mfa_totp_used_steps).

/** Guesses at a 6-digit code per user per minute (GoTrue: 15 challenge/verify per minute). */
export const MFA_VERIFY_PER_MINUTE = 15;

const limiters = new WeakMap<object, RateLimiter>();

function verifyLimiter(ctx: ServerContext): RateLimiter {
  let limiter = limiters.get(ctx.db);
  if (!limiter) {
    limiter = new RateLimiter(MFA_VERIFY_PER_MINUTE, 60_000);
    limiters.set(ctx.db, limiter);
  }
  return limiter;
}

type Caller = { userId: string; email: string; sessionId: string; aal: string };

async function caller(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Caller> {
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
async function ownedFactor(q: Queryable, userId: string, factorId: string): Promise<FactorRow> {
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

export async function factorsRoute(
  req: Request,
  path: string,
  ctx: ServerContext,
  h: AuthHelpers,
): Promise<Response> {
  const method = req.method.toUpperCase();
  if (path === '/factors') {
    if (method !== 'POST') throw errors.methodNotAllowed();
    return enroll(req, ctx, h);
  }
  const match = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (!match) throw errors.notFound();
  const factorId = decodeURIComponent(match[1] ?? '');
  const action = match[2] ?? '';
  if (action === '' && method === 'DELETE') return unenroll(req, ctx, h, factorId);
  if (action === '/challenge' && method === 'POST') return challenge(req, ctx, h, factorId);
  if (action === '/verify' && method === 'POST') return verify(req, ctx, h, factorId);
  throw errors.methodNotAllowed();
}

// ---------------------------------------------------------------------------------------------
// POST /factors

async function enroll(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Response> {
  const who = await caller(req, ctx, h);
  const body = await readJsonObject(req);
  const type = str(body.factor_type);
  if (type === 'phone') {
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (type === 'webauthn') {
    throw new AuthError(
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    );
  }
  if (type !== 'totp') {
    throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = str(body.friendly_name) ?? '';
  const issuer = str(body.issuer) || new URL(ctx.config.publicUrl).host;
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, who.email);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // GoTrue's validateFactors: expired unverified factors go first, then the limits.
    await tx.query(
      `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
          and f.created_at + make_interval(secs => $2) < now()
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
      [who.userId, authState(ctx).options.mfaChallengeExpirySeconds],
    );
    const factors = await listFactors(tx, who.userId);
    if (friendlyName !== '' && factors.some((f) => f.friendly_name === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    const max = authState(ctx).options.mfaMaxEnrolledFactors;
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= max || verified >= max) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && who.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
          updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, who.userId, friendlyName, secret],
    );
  });
  return authJson(200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrSvg(uri), secret, uri },
  });
}

// ---------------------------------------------------------------------------------------------
// POST /factors/{id}/challenge

async function challenge(
  req: Request,
  ctx: ServerContext,
  h: AuthHelpers,
  factorId: string,
): Promise<Response> {
  const who = await caller(req, ctx, h);
  if (!verifyLimiter(ctx).take(`challenge ${who.userId}`)) throw errors.requestRateLimit();
  await ownedFactor(ctx.db, who.userId, factorId);
  const id = randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    const res = await tx.query<{ created_at: unknown }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factorId, ipOrLoopback(req)],
    );
    await tx.query(
      `update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1`,
      [factorId],
    );
    return iso(res.rows[0]?.created_at) ?? new Date().toISOString();
  });
  const expiresAt =
    Math.floor(new Date(created).getTime() / 1000) +
    authState(ctx).options.mfaChallengeExpirySeconds;
  return authJson(200, { id, type: 'totp', expires_at: expiresAt });
}

/** The address a challenge is bound to; one that is not an IP address counts as loopback. */
function ipOrLoopback(req: Request): string {
  const ip = clientIp(req);
  return /^[0-9a-f:.]+$/i.test(ip) && (ip.includes('.') || ip.includes(':')) ? ip : '127.0.0.1';
}

// ---------------------------------------------------------------------------------------------
// POST /factors/{id}/verify

type ChallengeRow = {
  id: string;
  verified_at: unknown;
  ip_address: string;
  expired: boolean;
};

async function verify(
  req: Request,
  ctx: ServerContext,
  h: AuthHelpers,
  factorId: string,
): Promise<Response> {
  const who = await caller(req, ctx, h);
  const body = await readJsonObject(req);
  const code = str(body.code) ?? '';
  if (code === '') throw errors.validation('Code needs to be non-empty');
  if (!verifyLimiter(ctx).take(`verify ${who.userId}`)) throw errors.requestRateLimit();
  const challengeId = str(body.challenge_id) ?? '';
  if (!isUuid(challengeId)) throw errors.badJson('challenge_id must be a UUID');
  const ip = ipOrLoopback(req);
  const expiry = authState(ctx).options.mfaChallengeExpirySeconds;

  const session = await ctx.db
    .transaction(async (tx) => {
      const factor = await ownedFactor(tx, who.userId, factorId);
      const found = await tx.query<ChallengeRow>(
        `select id::text as id, verified_at, host(ip_address) as ip_address,
              created_at + make_interval(secs => $3) < now() as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
        [challengeId, factorId, expiry],
      );
      const row = found.rows[0];
      if (!row) {
        throw new AuthError(
          422,
          'mfa_factor_not_found',
          'MFA factor with the provided challenge ID not found',
        );
      }
      if (row.verified_at !== null || row.ip_address !== ip) {
        throw new AuthError(
          422,
          'mfa_ip_address_mismatch',
          'Challenge and verify IP addresses mismatch.',
        );
      }
      if (row.expired) throw new ExpiredChallenge(row.id);
      const secret = await tx.query<{ secret: string | null; last_step: string | null }>(
        `select f.secret, u.last_step::text as last_step from auth.mfa_factors f
         left join auth.mfa_totp_used_steps u on u.factor_id = f.id
        where f.id = $1 for update of f`,
        [factor.id],
      );
      const step = matchTotp(
        secret.rows[0]?.secret ?? '',
        code,
        authState(ctx).options.totpClock(),
      );
      const lastStep = secret.rows[0]?.last_step;
      // A code already accepted (or one older than it) is refused like a wrong one.
      if (step === null || (lastStep != null && step <= Number(lastStep))) {
        throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }
      await tx.query(
        `insert into auth.mfa_totp_used_steps (factor_id, last_step) values ($1, $2)
       on conflict (factor_id) do update set last_step = excluded.last_step`,
        [factor.id, step],
      );
      await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [row.id]);
      if (factor.status !== 'verified') {
        await tx.query(
          `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
          [factor.id],
        );
      }
      return upgradeSession(ctx, tx, who, factor.id);
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof ExpiredChallenge)) throw error;
      await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [error.challengeId]);
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${error.challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    });
  return authJson(200, session);
}

class ExpiredChallenge extends Error {
  constructor(readonly challengeId: string) {
    super('expired challenge');
  }
}

/**
 * GoTrue's updateMFASessionAndClaims: add the totp claim, swap the refresh token (the aal1 one
 * cannot mint aal2 tokens), mark the session aal2 with its factor, end the user's aal1 sessions
 * and drop unverified TOTP factors. Returns the new session JSON.
 */
async function upgradeSession(
  ctx: ServerContext,
  tx: Queryable,
  who: Caller,
  factorId: string,
): Promise<Record<string, unknown>> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), 'totp')
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [who.sessionId],
  );
  const active = await tx.query<{ id: string; token: string }>(
    `select id::text as id, token from auth.refresh_tokens
      where session_id = $1 and coalesce(revoked, false) = false order by id desc limit 1`,
    [who.sessionId],
  );
  // The aal1 token must not mint aal2 tokens (GoTrue bumps its counter by two for the same
  // reason): it is revoked as if long ago and is not the new token's parent, so presenting it
  // again is reuse, not a lost response or a use within the reuse interval.
  const previous = active.rows[0];
  if (previous) {
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = now() - interval '1 day'
        where id = $1`,
      [previous.id],
    );
  }
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, who.userId, who.sessionId],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [who.sessionId, factorId],
  );
  await tx.query(
    `delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`,
    [who.userId, who.sessionId],
  );
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
    [who.userId],
  );
  return sessionResponse(ctx, tx, who.userId, who.sessionId, refreshToken);
}

// ---------------------------------------------------------------------------------------------
// DELETE /factors/{id}, and the admin family

/** Deletes a factor; sessions made aal2 by it go back to aal1 (DowngradeSessionsToAAL1). */
async function removeFactor(tx: Queryable, userId: string, factorId: string): Promise<void> {
  await tx.query(`delete from auth.mfa_factors where id = $1 and user_id = $2`, [factorId, userId]);
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
        and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $2)`,
    [userId, factorId],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
    [userId, factorId],
  );
}

async function unenroll(
  req: Request,
  ctx: ServerContext,
  h: AuthHelpers,
  factorId: string,
): Promise<Response> {
  const who = await caller(req, ctx, h);
  await ctx.db.transaction(async (tx) => {
    const factor = await ownedFactor(tx, who.userId, factorId);
    if (factor.status === 'verified' && who.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, who.userId, factor.id);
  });
  return authJson(200, { id: factorId });
}

/** GET /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{factorId}. */
export async function adminFactors(
  req: Request,
  ctx: ServerContext,
  userId: string,
  factorId: string | null,
): Promise<Response> {
  const method = req.method.toUpperCase();
  const exists = isUuid(userId)
    ? (await ctx.db.query(`select 1 from auth.users where id = $1`, [userId])).rows.length > 0
    : false;
  if (!exists) throw errors.userNotFound(404, 'User not found');
  if (factorId === null) {
    if (method !== 'GET') throw errors.methodNotAllowed();
    return authJson(200, (await listFactors(ctx.db, userId)).map(factorJson));
  }
  if (method !== 'DELETE') throw errors.methodNotAllowed();
  const removed = await ctx.db.transaction(async (tx) => {
    const factor = await ownedFactor(tx, userId, factorId);
    await removeFactor(tx, userId, factor.id);
    return factor;
  });
  return authJson(200, factorJson(removed));
}
