// Auth: pieces the endpoints share (input checks, e-mail flows, the bearer user, AuthHelpers).
import { compare } from 'bcryptjs';
import type { Queryable, ServerContext } from '../context.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import { createFlowState, flowToken, type FlowMethod, type PkceChallenge } from './pkce.ts';
import { errors } from './errors.ts';
import { allowedRedirect, sendAuthEmail, type EmailType } from './mailer.ts';
import { authState } from './options.ts';
import { bearerToken, iso, str } from './request.ts';
import {
  findUserById,
  insertUser,
  isValidEmail,
  newOtp,
  normalizeEmail,
  type UserRow,
} from './users.ts';

export function redirectParam(
  req: Request,
  ctx: ServerContext,
  body?: Record<string, unknown>,
): string {
  const url = new URL(req.url);
  return allowedRedirect(ctx, url.searchParams.get('redirect_to') ?? str(body?.redirect_to));
}

export function requireEmail(value: unknown, missing = 'An email address is required'): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.validation(missing);
  const email = normalizeEmail(value);
  if (!isValidEmail(email))
    throw errors.validation('Unable to validate email address: invalid format');
  return email;
}

export function checkPassword(ctx: ServerContext, password: unknown): string {
  if (typeof password !== 'string') throw errors.validation('Password must be a string');
  const min = authState(ctx).options.minPasswordLength;
  if (password.length < min) throw errors.weakPassword(min);
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw errors.validation('Password cannot be longer than 72 characters', 422);
  }
  return password;
}

export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  try {
    return await compare(password, stored);
  } catch {
    return false;
  }
}

/** Seconds still to wait before another e-mail of this kind may go to the address, or 0. */
export function emailWait(ctx: ServerContext, sentAt: unknown): number {
  const last = iso(sentAt);
  if (!last) return 0;
  const interval = authState(ctx).options.emailMinIntervalSeconds;
  const elapsed = (Date.now() - new Date(last).getTime()) / 1000;
  return elapsed < interval ? Math.max(1, Math.ceil(interval - elapsed)) : 0;
}

export function checkEmailRate(ctx: ServerContext, sentAt: unknown): void {
  const wait = emailWait(ctx, sentAt);
  if (wait > 0) throw errors.emailRateLimit(wait);
}

/**
 * Counts `n` auth e-mails against [auth.rate_limit] email_sent (per hour, the whole server, as
 * GoTrue's limiter); throws 429 over_email_send_rate_limit when they do not fit. Called inside
 * the transaction that stores the mailed token, so a refused mail leaves no token behind.
 */
export function takeEmailSlots(ctx: ServerContext, n = 1): void {
  const result = authState(ctx).limiters.emails.take(n);
  if (!result.ok) throw errors.emailsPerHour(result.retryAfterSeconds);
}

/** A fresh code for `email` with [auth.email] otp_length digits. */
export function freshOtp(ctx: ServerContext, email: string): { otp: string; hash: string } {
  return newOtp(email, authState(ctx).options.otpLength);
}

export type Mail = { to: string; type: EmailType; hash: string; otp: string; redirect: string };

/** The token to store and mail; in the PKCE flow (code challenge given) a flow state too. */
export async function startFlow(
  tx: Queryable,
  userId: string,
  hash: string,
  pkce: PkceChallenge | null,
  method: FlowMethod,
): Promise<string> {
  if (pkce) await createFlowState(tx, userId, method, pkce);
  return flowToken(hash, pkce);
}

export async function deliver(
  ctx: ServerContext,
  mail: Mail | readonly Mail[] | null,
): Promise<void> {
  const mails = mail === null ? [] : Array.isArray(mail) ? mail : [mail as Mail];
  for (const m of mails) await sendAuthEmail(ctx, m.to, m.type, m.hash, m.otp, m.redirect);
}

/** The PKCE challenge of the flow, if any; `mailed: false` for a link handed to an admin. */
export type PrepareOptions = { pkce?: PkceChallenge | null; mailed?: boolean };

/** Stores a fresh confirmation token on the user; returns the mail to send after commit. */
export async function prepareConfirmation(
  ctx: ServerContext,
  tx: Queryable,
  user: { id: string; email: string },
  redirect: string,
  type: EmailType = 'signup',
  { pkce = null, mailed = true }: PrepareOptions = {},
): Promise<Mail> {
  if (mailed) takeEmailSlots(ctx);
  const { otp, hash } = freshOtp(ctx, user.email);
  const tokenHashValue = await startFlow(tx, user.id, hash, pkce, 'email/signup');
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, tokenHashValue],
  );
  return { to: user.email, type, hash: tokenHashValue, otp, redirect };
}

export async function prepareRecovery(
  ctx: ServerContext,
  tx: Queryable,
  user: { id: string; email: string },
  redirect: string,
  type: 'recovery' | 'magiclink',
  { pkce = null, mailed = true }: PrepareOptions = {},
): Promise<Mail> {
  if (mailed) takeEmailSlots(ctx);
  const { otp, hash } = freshOtp(ctx, user.email);
  const tokenHashValue = await startFlow(tx, user.id, hash, pkce, type);
  await tx.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, tokenHashValue],
  );
  return { to: user.email, type, hash: tokenHashValue, otp, redirect };
}

export async function insertUserOrFail(
  tx: Queryable,
  user: Parameters<typeof insertUser>[1],
): Promise<string> {
  try {
    return await insertUser(tx, user);
  } catch (error) {
    console.error(
      'auth: saving a new user failed:',
      error instanceof Error ? error.message : String(error),
    );
    throw errors.unexpected('Database error saving new user');
  }
}

export type Authed = { claims: JwtClaims; user: UserRow; sessionId: string | null };

export function verifyBearer(req: Request, ctx: ServerContext): JwtClaims {
  const bearer = bearerToken(req);
  if (!bearer) throw errors.noAuthorization();
  const verified = verifyJwt(bearer, ctx.keys.jwtSecret);
  if (!verified.ok) {
    const reason =
      verified.error.code === 'expired'
        ? 'token has invalid claims: token is expired'
        : verified.error.message;
    throw errors.badJwt(`invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return verified.claims;
}

export async function requireUser(req: Request, ctx: ServerContext): Promise<Authed> {
  const claims = verifyBearer(req, ctx);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw errors.badJwt('invalid claim: missing sub claim');
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw errors.userNotFound();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId) {
    const session = await ctx.db.query<{ ended: boolean }>(
      `select coalesce(not_after <= now(), false) as ended from auth.sessions
        where id::text = $1 and user_id = $2`,
      [sessionId, user.id],
    );
    const row = session.rows[0];
    if (!row || row.ended) throw errors.sessionNotFound();
  }
  return { claims, user, sessionId };
}

export type AuthHelpers = {
  requireUser: typeof requireUser;
  requireEmail: typeof requireEmail;
  checkPassword: typeof checkPassword;
  insertUserOrFail: typeof insertUserOrFail;
  prepareConfirmation: typeof prepareConfirmation;
  prepareRecovery: typeof prepareRecovery;
  verifyBearer: typeof verifyBearer;
  deliver: typeof deliver;
  redirectParam: typeof redirectParam;
};

export const helpers: AuthHelpers = {
  requireUser,
  requireEmail,
  checkPassword,
  insertUserOrFail,
  prepareConfirmation,
  prepareRecovery,
  verifyBearer,
  deliver,
  redirectParam,
};
