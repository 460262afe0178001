// Auth: GET and POST /verify (e-mailed tokens).
import type { Queryable, ServerContext } from '../context.ts';
import { flowMethodOf, issueAuthCode, PKCE_PREFIX } from './pkce.ts';
import { AuthError, authJson, API_VERSION, errors } from './errors.ts';
import { confirmEmailChange, SINGLE_CONFIRMATION_ACCEPTED } from './email-change.ts';
import { storedToken } from './link-token.ts';
import { allowedRedirect } from './mailer.ts';
import { authState } from './options.ts';
import { iso, readJsonObject, str } from './request.ts';
import { createSession, sessionResponse, type AmrMethod } from './tokens.ts';
import {
  confirmEmail,
  findUserByTokenHash,
  normalizeEmail,
  tokenHash,
  type UserRow,
} from './users.ts';
import { countWrongCode } from './wrong-code.ts';

export const VERIFY_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export function isVerifyType(value: unknown): value is VerifyType {
  return typeof value === 'string' && (VERIFY_TYPES as readonly string[]).includes(value);
}

export type Verified = { userId: string; method: AmrMethod };

/** The first of the two confirmations of an e-mail change: acknowledged, no session. */
const ONE_OF_TWO = Symbol('one of two confirmations');

/**
 * Checks an e-mailed token and applies it (confirm, recover, change e-mail); no session yet.
 * `tokenHashValue` is the stored form: a typed code's hash, or what a link token stands for.
 */
export async function verifyTokenHash(
  ctx: ServerContext,
  tx: Queryable,
  type: VerifyType,
  tokenHashValue: string,
  otpTyped = false,
): Promise<Verified | typeof ONE_OF_TWO> {
  const expiry = authState(ctx).options.otpExpirySeconds * 1000;
  const fresh = (sentAt: unknown): boolean => {
    const at = iso(sentAt);
    return at !== null && Date.now() - new Date(at).getTime() <= expiry;
  };
  let user: UserRow | null = null;
  let method: AmrMethod = 'otp';
  if (type === 'signup' || type === 'invite' || type === 'email') {
    user = await findUserByTokenHash(tx, 'confirmation_token', tokenHashValue, otpTyped);
    const sentAt = user?.confirmation_sent_at ?? user?.invited_at;
    if (user && fresh(sentAt)) {
      await confirmEmail(tx, user.id);
      method = type === 'signup' ? 'email/signup' : type === 'invite' ? 'invite' : 'otp';
    } else {
      user = null;
    }
  }
  if (!user && (type === 'recovery' || type === 'magiclink' || type === 'email')) {
    user = await findUserByTokenHash(tx, 'recovery_token', tokenHashValue, otpTyped);
    if (user && fresh(user.recovery_sent_at)) {
      await tx.query(
        `update auth.users set recovery_token = '', updated_at = now() where id = $1`,
        [user.id],
      );
      await confirmEmail(tx, user.id);
      method = type === 'recovery' ? 'recovery' : type === 'magiclink' ? 'magiclink' : 'otp';
    } else {
      user = null;
    }
  }
  if (!user && type === 'email_change') {
    let column: 'email_change_token_new' | 'email_change_token_current' = 'email_change_token_new';
    user = await findUserByTokenHash(tx, column, tokenHashValue, otpTyped);
    if (!user) {
      column = 'email_change_token_current';
      user = await findUserByTokenHash(tx, column, tokenHashValue, otpTyped);
    }
    if (user?.email_change && fresh(user.email_change_sent_at)) {
      if (user.is_banned) throw errors.userBanned();
      if ((await confirmEmailChange(tx, user, column)) === 'one of two') return ONE_OF_TWO;
      method = 'email_change';
    } else {
      user = null;
    }
  }
  if (!user) throw errors.otpExpired();
  if (user.is_banned) throw errors.userBanned();
  return { userId: user.id, method };
}

export async function sessionFor(
  ctx: ServerContext,
  tx: Queryable,
  v: Verified,
  userAgent: string | null,
): Promise<Record<string, unknown>> {
  const { sessionId, refreshToken } = await createSession(tx, v.userId, v.method, userAgent);
  return sessionResponse(ctx, tx, v.userId, sessionId, refreshToken);
}

export async function verifyPost(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const { type } = body;
  const tokenValue = str(body.token);
  const hashValue = str(body.token_hash);
  if (hashValue && (body.email || body.phone)) {
    throw errors.validation('Only the token_hash and type should be provided');
  }
  if (!tokenValue && !hashValue)
    throw errors.validation('Verify requires either a token or a token hash');
  // An SMS code: GoTrue looks for the phone's user, and with phone sign-ins off there is none.
  if (type === 'sms' || type === 'phone_change') throw errors.otpExpired();
  if (!isVerifyType(type)) throw errors.validation('Verify requires a verification type');
  let target: string;
  let email: string | null = null;
  if (hashValue) {
    target = storedToken(ctx, hashValue) ?? '';
  } else {
    if (typeof body.email !== 'string' || body.email === '') {
      throw errors.validation('Only an email address or phone number should be provided on verify');
    }
    email = normalizeEmail(body.email);
    target = tokenHash(email, tokenValue ?? '');
  }
  let outcome: Record<string, unknown> | typeof ONE_OF_TWO;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const v = await verifyTokenHash(ctx, tx, type, target, email !== null);
      return v === ONE_OF_TWO ? v : sessionFor(ctx, tx, v, req.headers.get('user-agent'));
    });
  } catch (error) {
    if (email !== null && error instanceof AuthError && error.code === 'otp_expired') {
      await countWrongCode(ctx, type, email);
    }
    throw error;
  }
  if (outcome === ONE_OF_TWO)
    return authJson(200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  return authJson(200, outcome);
}

export function redirectWithHash(
  target: string,
  params: Record<string, string>,
  query: Record<string, string> = {},
): Response {
  const url = new URL(target);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (Object.keys(params).length > 0) {
    url.hash = new URLSearchParams({ ...params, sb: '' }).toString();
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: url.toString(),
      'x-supabase-api-version': API_VERSION,
      'cache-control': 'no-store',
    },
  });
}

/** GoTrue's prepRedirectURL: the message in the hash, for PKCE in the query too. */
function acknowledged(redirect: string, pkce: boolean): Response {
  const message = { message: SINGLE_CONFIRMATION_ACCEPTED };
  return redirectWithHash(redirect, message, pkce ? message : {});
}

export async function verifyGet(req: Request, ctx: ServerContext): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const redirect = allowedRedirect(ctx, params.get('redirect_to'));
  const type = params.get('type');
  const tokenValue = storedToken(ctx, params.get('token') ?? '') ?? '';
  // GoTrue tells the flows apart by the token: `pkce_…` answers with ?code=, not tokens.
  const pkce = tokenValue.startsWith(PKCE_PREFIX);
  try {
    if (!isVerifyType(type) || tokenValue === '')
      throw errors.otpExpired('Email link is invalid or has expired');
    if (pkce) {
      const flowMethod = flowMethodOf(type);
      if (!flowMethod) throw errors.validation('Unsupported verification type');
      const code = await ctx.db.transaction(async (tx) => {
        const v = await verifyTokenHash(ctx, tx, type, tokenValue);
        return v === ONE_OF_TWO ? v : issueAuthCode(tx, v.userId, flowMethod);
      });
      if (code === ONE_OF_TWO) return acknowledged(redirect, true);
      return redirectWithHash(redirect, {}, { code });
    }
    const session = await ctx.db.transaction(async (tx) => {
      const v = await verifyTokenHash(ctx, tx, type, tokenValue);
      return v === ONE_OF_TWO ? v : sessionFor(ctx, tx, v, req.headers.get('user-agent'));
    });
    if (session === ONE_OF_TWO) return acknowledged(redirect, false);
    return redirectWithHash(redirect, {
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const description =
      error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
    const details = {
      error: error.status >= 500 ? 'server_error' : 'access_denied',
      error_code: error.code,
      error_description: description,
    };
    // PKCE: the error goes in the query as well (GoTrue's prepErrorRedirectURL).
    return redirectWithHash(redirect, details, pkce ? details : {});
  }
}
