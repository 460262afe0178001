// Auth: POST /token (password, refresh_token and PKCE grants).
import type { ServerContext } from '../context.ts';
import { disabledGrant } from './disabled.ts';
import { pkceGrant } from './pkce.ts';
import { AuthError, authJson, errors } from './errors.ts';
import { clientAddress } from './limits.ts';
import { authState } from './options.ts';
import { readJsonObject, str } from './request.ts';
import { createSession, refreshGrant, sessionResponse } from './tokens.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';
import { passwordMatches } from './shared.ts';

export async function token(req: Request, ctx: ServerContext): Promise<Response> {
  const grant = new URL(req.url).searchParams.get('grant_type');
  const body = await readJsonObject(req);
  const disabled = disabledGrant(grant, body);
  if (disabled) throw disabled;
  if (grant === 'password') return passwordGrant(req, ctx, body);
  if (grant === 'refresh_token') {
    const presented = str(body.refresh_token);
    if (!presented) throw errors.refreshTokenNotFound();
    const out = await ctx.db.transaction((tx) => refreshGrant(ctx, tx, presented));
    if ('reuseDetected' in out) throw errors.refreshTokenAlreadyUsed();
    return authJson(200, out.result);
  }
  if (grant === 'pkce') {
    return authJson(200, await pkceGrant(ctx, body, req.headers.get('user-agent')));
  }
  throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
}

export async function passwordGrant(
  req: Request,
  ctx: ServerContext,
  body: Record<string, unknown>,
): Promise<Response> {
  const password = body.password;
  if (typeof body.email !== 'string' || body.email.trim() === '') {
    if (typeof body.phone === 'string' && body.phone !== '') throw errors.invalidCredentials();
    throw errors.validation('missing email or phone');
  }
  if (typeof password !== 'string' || password === '') throw errors.invalidCredentials();
  const email = normalizeEmail(body.email);
  // Counted as a failure before the password is checked, so attempts sent side by side cannot
  // all slip in before the first one is judged; a right password takes it back.
  const throttle = authState(ctx).limiters.passwords;
  const attempt = `${email} ${clientAddress(req, ctx)}`;
  const wait = throttle.wait(attempt);
  if (wait > 0) throw errors.signInThrottled(wait);
  throttle.fail(attempt);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
    throw errors.invalidCredentials();
  }
  throttle.succeed(attempt);
  if (user.is_banned) throw errors.userBanned();
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
  const session = await ctx.db.transaction(async (tx) => {
    const { sessionId, refreshToken } = await createSession(
      tx,
      user.id,
      'password',
      req.headers.get('user-agent'),
    );
    return sessionResponse(ctx, tx, user.id, sessionId, refreshToken);
  });
  return authJson(200, session);
}
