import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import {
  ipOrLoopback,
  ownedFactor,
  limitFactorCall,
  type Caller,
  type FactorAction,
} from './factor-access.ts';
import { authState } from './options.ts';
import { readJsonObject, str } from './request.ts';
import { newRefreshToken, sessionResponse } from './tokens.ts';
import { matchTotp } from './totp.ts';
import { isUuid } from './users.ts';

// POST /factors/{id}/verify

type ChallengeRow = {
  id: string;
  verified_at: unknown;
  ip_address: string;
  expired: boolean;
};

export const verify: FactorAction = async (req, ctx, who, factorId) => {
  const body = await readJsonObject(req);
  const code = str(body.code) ?? '';
  if (code === '') throw errors.validation('Code needs to be non-empty');
  limitFactorCall(ctx, `verify ${who.userId}`);
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
};

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
