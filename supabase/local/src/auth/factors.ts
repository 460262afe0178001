import { randomUUID } from 'node:crypto';
import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import {
  caller,
  ipOrLoopback,
  ownedFactor,
  limitFactorCall,
  type FactorAction,
} from './factor-access.ts';
import { verify } from './factor-verify.ts';
import type { AuthHelpers } from './shared.ts';
import { authState } from './options.ts';
import { iso, readJsonObject, str } from './request.ts';
import { newTotpSecret, qrSvg, totpUri } from './totp.ts';
import { factorJson, isUuid, listFactors } from './users.ts';

// TOTP factors as GoTrue serves them (internal/api/mfa.go): enrol, challenge, verify, unenrol,
// and the admin family's list and delete. Verifying adds the `totp` method to the session's
// amr claims, which makes the session aal2 (tokens.ts), hands out a new refresh token and ends
// the user's other aal1 sessions. One addition: a code is accepted once (auth.mfa_totp_used_steps).
// Verifying is in factor-verify.ts, who may act on a factor in factor-access.ts.

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
  const act: FactorAction | null =
    action === '' && method === 'DELETE'
      ? unenroll
      : action === '/challenge' && method === 'POST'
        ? challenge
        : action === '/verify' && method === 'POST'
          ? verify
          : null;
  if (!act) throw errors.methodNotAllowed();
  return act(req, ctx, await caller(req, ctx, h), factorId);
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

const challenge: FactorAction = async (req, ctx, who, factorId) => {
  limitFactorCall(ctx, `challenge ${who.userId}`);
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
};

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

const unenroll: FactorAction = async (_req, ctx, who, factorId) => {
  await ctx.db.transaction(async (tx) => {
    const factor = await ownedFactor(tx, who.userId, factorId);
    if (factor.status === 'verified' && who.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, who.userId, factor.id);
  });
  return authJson(200, { id: factorId });
};

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
