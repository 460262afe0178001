import type { Queryable, ServerContext } from '../context.ts';
import { AuthError, authJson, errors } from './errors.ts';
import type { AuthHelpers } from './shared.ts';
import { authState } from './options.ts';
import { iso } from './request.ts';
import { freshOtp, takeEmailSlots } from './shared.ts';
import { tokenHash } from './users.ts';

// GET /reauthenticate and the nonce PUT /user takes (GoTrue internal/api/reauthenticate.go,
// user.go): a 6-digit code mailed to the user, stored as sha224(email + code) in
// auth.users.reauthentication_token. A password change asks for it only when secure password
// change is on (`[auth.email] secure_password_change`, off by default, as on hosted) and the
// session is more than 24 hours old; otherwise a nonce in the body is not looked at.

const INVALID_NONCE = 'Nonce has expired or is invalid';
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

type ReauthRow = {
  email: string | null;
  email_confirmed_at: unknown;
  reauthentication_token: string | null;
  reauthentication_sent_at: unknown;
};

async function reauthRow(q: Queryable, userId: string): Promise<ReauthRow> {
  const res = await q.query<ReauthRow>(
    `select email, email_confirmed_at, reauthentication_token, reauthentication_sent_at
       from auth.users where id = $1`,
    [userId],
  );
  const row = res.rows[0];
  if (!row) throw errors.userNotFound();
  return row;
}

export async function reauthenticate(
  req: Request,
  ctx: ServerContext,
  h: AuthHelpers,
): Promise<Response> {
  const { user } = await h.requireUser(req, ctx);
  const row = await reauthRow(ctx.db, user.id);
  const email = row.email ?? '';
  if (email === '') {
    throw errors.validation(
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!row.email_confirmed_at) {
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  }
  const last = iso(row.reauthentication_sent_at);
  if (last) {
    const interval = authState(ctx).options.emailMinIntervalSeconds;
    const elapsed = (Date.now() - new Date(last).getTime()) / 1000;
    if (elapsed < interval) throw errors.emailRateLimit(Math.max(1, Math.ceil(interval - elapsed)));
  }
  takeEmailSlots(ctx);
  const { otp, hash } = freshOtp(ctx, email);
  await ctx.db.query(
    `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now()
      where id = $1`,
    [user.id, hash],
  );
  const subject = 'Confirm reauthentication';
  const text = `${subject}\n\nEnter the code: ${otp}\n`;
  await ctx.mail.send({
    to: email,
    subject,
    text,
    html: `<h2>${subject}</h2><p>Enter the code: ${otp}</p>`,
    links: [],
  });
  return authJson(200, {});
}

/**
 * PUT /user with a password: when secure password change is on and the session is older than
 * 24 hours, the nonce must be the mailed code (then it is spent). Runs inside the update's
 * transaction so a refused nonce changes nothing.
 */
export async function checkPasswordNonce(
  ctx: ServerContext,
  tx: Queryable,
  userId: string,
  sessionId: string | null,
  nonce: unknown,
): Promise<void> {
  if (!authState(ctx).options.securePasswordChange) return;
  if (sessionId) {
    const session = await tx.query<{ created_at: unknown }>(
      `select created_at from auth.sessions where id::text = $1`,
      [sessionId],
    );
    const created = iso(session.rows[0]?.created_at);
    if (created && Date.now() <= new Date(created).getTime() + RECENT_SIGN_IN_MS) return;
  }
  if (typeof nonce !== 'string' || nonce === '') {
    throw new AuthError(
      400,
      'reauthentication_needed',
      'Password update requires reauthentication',
    );
  }
  const row = await reauthRow(tx, userId);
  const stored = row.reauthentication_token ?? '';
  const sentAt = iso(row.reauthentication_sent_at);
  const expiry = authState(ctx).options.otpExpirySeconds * 1000;
  const hash = tokenHash(row.email ?? '', nonce);
  const fresh = sentAt !== null && Date.now() <= new Date(sentAt).getTime() + expiry;
  if (stored === '' || !fresh || (stored !== hash && stored !== `pkce_${hash}`)) {
    throw new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE);
  }
  await tx.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1`,
    [userId],
  );
}
