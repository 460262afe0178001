// Auth: POST /signup.
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { pkceFromBody } from './pkce.ts';
import { authJson, errors } from './errors.ts';
import { authState } from './options.ts';
import { isRecord, readJsonObject } from './request.ts';
import { createSession, sessionResponse } from './tokens.ts';
import { confirmEmail, findUserByEmail, hashPassword, loadUserJson } from './users.ts';
import {
  type Mail,
  checkEmailRate,
  checkPassword,
  deliver,
  insertUserOrFail,
  prepareConfirmation,
  redirectParam,
  requireEmail,
} from './shared.ts';

export function fakeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(req: Request, ctx: ServerContext): Promise<Response> {
  const { enableSignup, enableEmailSignup } = authState(ctx).options;
  if (!enableSignup) throw errors.signupDisabled();
  const body = await readJsonObject(req);
  const redirect = redirectParam(req, ctx);
  if (body.email === undefined || body.email === null || body.email === '') {
    if (body.phone !== undefined && body.phone !== null && body.phone !== '')
      throw errors.phoneDisabled('Phone signups are disabled');
    if (body.password === undefined || body.password === null) throw errors.anonymousDisabled();
    throw errors.validation('To signup, please provide your email');
  }
  if (!enableEmailSignup) throw errors.emailSignupDisabled();
  const email = requireEmail(body.email);
  if (body.password === undefined || body.password === null || body.password === '') {
    throw errors.validation('Signup requires a valid password');
  }
  const password = checkPassword(ctx, body.password);
  if (body.data !== undefined && body.data !== null && !isRecord(body.data)) {
    throw errors.validation('data must be a JSON object');
  }
  const pkce = pkceFromBody(body);
  const data = isRecord(body.data) ? body.data : {};
  const passwordHash = await hashPassword(password);
  const autoconfirm = ctx.config.autoconfirm;

  type Outcome =
    | { kind: 'fake' }
    | { kind: 'session'; session: Record<string, unknown> }
    | { kind: 'user'; userId: string; mail: Mail };

  const outcome = await ctx.db.transaction<Outcome>(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (autoconfirm) throw errors.userAlreadyExists();
      return { kind: 'fake' };
    }
    let userId: string;
    if (existing) {
      if (!autoconfirm) checkEmailRate(ctx, existing.confirmation_sent_at);
      await tx.query(
        `update auth.users set encrypted_password = $2,
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now()
          where id = $1`,
        [existing.id, passwordHash, JSON.stringify(data)],
      );
      userId = existing.id;
    } else {
      userId = await insertUserOrFail(tx, {
        email,
        passwordHash,
        userMetadata: data,
        confirmed: autoconfirm,
      });
    }
    if (autoconfirm) {
      await confirmEmail(tx, userId);
      const { sessionId, refreshToken } = await createSession(
        tx,
        userId,
        'password',
        req.headers.get('user-agent'),
      );
      return {
        kind: 'session',
        session: await sessionResponse(ctx, tx, userId, sessionId, refreshToken),
      };
    }
    const mail = await prepareConfirmation(ctx, tx, { id: userId, email }, redirect, 'signup', {
      pkce,
    });
    return { kind: 'user', userId, mail };
  });

  if (outcome.kind === 'fake') return authJson(200, fakeUser(email, data));
  if (outcome.kind === 'session') return authJson(200, outcome.session);
  await deliver(ctx, outcome.mail);
  const user = await loadUserJson(ctx.db, outcome.userId);
  return authJson(200, user);
}
