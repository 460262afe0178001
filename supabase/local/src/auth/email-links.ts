// Auth: POST /recover, /resend and /otp (e-mailed links and codes).
import type { ServerContext } from '../context.ts';
import { pkceFromBody } from './pkce.ts';
import { authJson, errors } from './errors.ts';
import { authState } from './options.ts';
import { isRecord, readJsonObject } from './request.ts';
import { startEmailChange } from './email-change.ts';
import { findUserByEmail } from './users.ts';
import {
  type Mail,
  checkEmailRate,
  deliver,
  insertUserOrFail,
  prepareConfirmation,
  prepareRecovery,
  redirectParam,
  requireEmail,
} from './shared.ts';

export async function recover(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const email = requireEmail(body.email, 'Password recovery requires an email');
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const mail = await ctx.db.transaction<Mail | null>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    checkEmailRate(ctx, user.recovery_sent_at);
    return prepareRecovery(ctx, tx, { id: user.id, email }, redirect, 'recovery', { pkce });
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}

export async function resend(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const type = body.type;
  if (type === 'sms' || type === 'phone_change')
    throw errors.phoneDisabled('Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = requireEmail(body.email);
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const mail = await ctx.db.transaction<Mail | Mail[] | null>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    if (type === 'signup') {
      if (user.email_confirmed_at) return null;
      checkEmailRate(ctx, user.confirmation_sent_at);
      return prepareConfirmation(ctx, tx, { id: user.id, email }, redirect, 'signup', { pkce });
    }
    if (!user.email_change) return null;
    checkEmailRate(ctx, user.email_change_sent_at);
    return startEmailChange(ctx, tx, user, user.email_change, redirect, pkce);
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}

export async function otp(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  if (body.email === undefined && typeof body.phone === 'string')
    throw errors.phoneDisabled('Unsupported phone provider');
  const email = requireEmail(body.email);
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const createUser = body.create_user !== false;
  const data = isRecord(body.data) ? body.data : {};
  const mail = await ctx.db.transaction<Mail>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser) throw errors.otpDisabled();
      // GoTrue signs the address up here: not when sign-ups are off.
      if (!authState(ctx).options.enableSignup) throw errors.signupDisabled();
      const id = await insertUserOrFail(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
      });
      return prepareConfirmation(ctx, tx, { id, email }, redirect, 'signup', { pkce });
    }
    if (!user.email_confirmed_at) {
      checkEmailRate(ctx, user.confirmation_sent_at);
      return prepareConfirmation(ctx, tx, { id: user.id, email }, redirect, 'signup', { pkce });
    }
    checkEmailRate(ctx, user.recovery_sent_at);
    return prepareRecovery(ctx, tx, { id: user.id, email }, redirect, 'magiclink', { pkce });
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}
