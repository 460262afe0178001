import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, errors } from './errors.ts';
import { authState } from './options.ts';
import { iso, str } from './request.ts';
import { createSession, sessionResponse, type AmrMethod } from './tokens.ts';

// The PKCE flow (RFC 7636) as GoTrue runs it (internal/api/pkce.go, models/flow_state.go,
// token.go PKCE): /signup, /recover, /otp, /resend and PUT /user store the code challenge in
// auth.flow_state and prefix the e-mailed token with `pkce_`; GET /verify then redirects with
// `?code=<auth_code>` instead of tokens in the hash, and POST /token?grant_type=pkce trades the
// code and the verifier for a session, once.

export const PKCE_PREFIX = 'pkce_';

export type PkceChallenge = { challenge: string; method: 's256' | 'plain' };

/** What a flow was started for: GoTrue's AuthenticationMethod names, as stored. */
export type FlowMethod = 'email/signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

const INVALID_PARAMS = 'PKCE flow requires code_challenge_method and code_challenge';

/**
 * The code challenge of a request body, or null for the implicit flow (neither field given).
 * GoTrue's validatePKCEParams: both or neither; 43–128 characters of [A-Za-z0-9._~-].
 */
export function pkceFromBody(body: Record<string, unknown>): PkceChallenge | null {
  const challenge = str(body.code_challenge) ?? '';
  const method = str(body.code_challenge_method) ?? '';
  if ((challenge === '') !== (method === '')) throw errors.validation(INVALID_PARAMS);
  if (challenge === '') return null;
  if (challenge.length < 43 || challenge.length > 128) {
    throw errors.validation('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw errors.validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') {
    throw errors.validation(`unsupported code_challenge method "${method}"`);
  }
  return { challenge, method: lower };
}

/** Stores a flow state for the user; the auth code is handed out later by GET /verify. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  method: FlowMethod,
  pkce: PkceChallenge,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
        provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** The token to store and mail: the hash itself, or `pkce_<hash>` in the PKCE flow. */
export function flowToken(hash: string, pkce: PkceChallenge | null): string {
  return pkce ? `${PKCE_PREFIX}${hash}` : hash;
}

/** GoTrue's ParseAuthenticationMethod for the verification types an e-mail link carries. */
export function flowMethodOf(type: string): FlowMethod | null {
  if (type.endsWith('signup')) return 'email/signup';
  if (type === 'recovery' || type === 'magiclink' || type === 'invite') return type;
  if (type === 'email_change') return 'email_change';
  return null;
}

/**
 * GET /verify of a `pkce_` link: the auth code of the user's latest flow state for that
 * method, marked as issued now. Without one, GoTrue answers flow_state_not_found (400).
 */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  method: FlowMethod,
): Promise<string> {
  const found = await tx.query<{ id: string; auth_code: string }>(
    `select id::text as id, auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2
      order by created_at desc, id desc limit 1`,
    [userId, method],
  );
  const flow = found.rows[0];
  if (!flow) {
    throw new AuthError(
      400,
      'flow_state_not_found',
      'No associated flow state found. No valid flow state found for user.',
    );
  }
  await tx.query(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`,
    [flow.id],
  );
  return flow.auth_code;
}

function verifierMatches(challenge: string, method: string, verifier: string): boolean {
  const expected =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(challenge);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type FlowRow = {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  created_at: unknown;
  auth_code_issued_at: unknown;
};

/** POST /token?grant_type=pkce: the session for a code and its verifier; the code is spent. */
export async function pkceGrant(
  ctx: ServerContext,
  body: Record<string, unknown>,
  userAgent: string | null,
): Promise<Record<string, unknown>> {
  const authCode = str(body.auth_code) ?? '';
  const verifier = str(body.code_verifier) ?? '';
  if (authCode === '' || verifier === '') {
    throw errors.validation(
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const expiryMs = authState(ctx).options.flowStateExpirySeconds * 1000;
  return ctx.db.transaction(async (tx) => {
    // Locked: two exchanges of one code race for the row; the loser finds it gone.
    const found = await tx.query<FlowRow>(
      `select id::text as id, user_id::text as user_id, code_challenge,
              code_challenge_method::text as code_challenge_method, authentication_method,
              created_at, auth_code_issued_at
         from auth.flow_state where auth_code = $1 for update`,
      [authCode],
    );
    const flow = found.rows[0];
    if (!flow || !flow.user_id) {
      throw new AuthError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    // GoTrue: a magic link's code expires from when it was issued, every other flow from when
    // it was started (FLOW_STATE_EXPIRY_DURATION, 300 s by default).
    const issued = iso(flow.auth_code_issued_at);
    const from =
      issued && flow.authentication_method === 'magiclink' ? issued : iso(flow.created_at);
    if (!from || Date.now() > new Date(from).getTime() + expiryMs) {
      throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!verifierMatches(flow.code_challenge, flow.code_challenge_method, verifier)) {
      throw new AuthError(
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    const { sessionId, refreshToken } = await createSession(
      tx,
      flow.user_id,
      flow.authentication_method as AmrMethod,
      userAgent,
    );
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    return sessionResponse(ctx, tx, flow.user_id, sessionId, refreshToken);
  });
}
