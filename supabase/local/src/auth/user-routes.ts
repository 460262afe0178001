// Auth: GET/PUT /user and POST /logout.
import type { ServerContext } from '../context.ts';
import { changeEmail, startEmailChange } from './email-change.ts';
import { hasVerifiedFactor, sessionIsAal2 } from './factor-access.ts';
import { limitTokenCheck } from './limits.ts';
import { pkceFromBody } from './pkce.ts';
import { checkPasswordNonce } from './reauthenticate.ts';
import { AuthError, authJson, authNoContent, errors } from './errors.ts';
import { isRecord, jsonObject, readJsonObject } from './request.ts';
import { countWrongNonce } from './wrong-code.ts';
import {
  findUserByEmail,
  hashPassword,
  findUserById,
  listFactors,
  listIdentities,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  userJson,
} from './users.ts';
import {
  type Mail,
  checkEmailRate,
  checkPassword,
  deliver,
  passwordMatches,
  redirectParam,
  requireEmail,
  requireUser,
} from './shared.ts';

export async function getUser(req: Request, ctx: ServerContext): Promise<Response> {
  const { user } = await requireUser(req, ctx);
  return authJson(
    200,
    userJson(user, await listIdentities(ctx.db, user.id), await listFactors(ctx.db, user.id)),
  );
}

export async function putUser(req: Request, ctx: ServerContext): Promise<Response> {
  const { user, sessionId } = await requireUser(req, ctx);
  const body = await readJsonObject(req);
  const redirect = redirectParam(req, ctx);
  if (body.data !== undefined && body.data !== null && !isRecord(body.data)) {
    throw errors.validation('data must be a JSON object');
  }
  const pkce = pkceFromBody(body);
  const changesCredentials =
    (typeof body.password === 'string' && body.password !== '') ||
    (typeof body.email === 'string' &&
      body.email !== '' &&
      normalizeEmail(body.email) !== user.email);
  if (
    changesCredentials &&
    (await hasVerifiedFactor(ctx.db, user.id)) &&
    !(await sessionIsAal2(ctx.db, sessionId))
  ) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  let passwordHash: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    const password = checkPassword(ctx, body.password);
    if (await passwordMatches(password, user.encrypted_password)) throw errors.samePassword();
    passwordHash = await hashPassword(password);
  }
  let newEmail: string | null = null;
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    const email = requireEmail(body.email);
    if (email !== user.email) newEmail = email;
  }
  if (passwordHash && body.nonce !== undefined && body.nonce !== null) limitTokenCheck(req, ctx);
  let mail: Mail[] | null;
  try {
    mail = await ctx.db.transaction<Mail[] | null>(async (tx) => {
      if (isRecord(body.data)) {
        const current = await findUserById(tx, user.id);
        const merged = mergeMetadata(jsonObject(current?.raw_user_meta_data), body.data);
        await tx.query(
          `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(merged)],
        );
      }
      if (passwordHash) {
        await checkPasswordNonce(ctx, tx, user.id, sessionId, body.nonce);
        await tx.query(
          `update auth.users set encrypted_password = $2, updated_at = now() where id = $1`,
          [user.id, passwordHash],
        );
        if (sessionId) {
          await tx.query(`delete from auth.sessions where user_id = $1 and id::text <> $2`, [
            user.id,
            sessionId,
          ]);
        }
      }
      if (newEmail) {
        const taken = await findUserByEmail(tx, newEmail);
        if (taken && taken.id !== user.id) throw errors.emailExists();
        if (ctx.config.autoconfirm) {
          await changeEmail(tx, user.id, newEmail);
          return null;
        }
        checkEmailRate(ctx, user.email_change_sent_at);
        return startEmailChange(ctx, tx, user, newEmail, redirect, pkce);
      }
      return null;
    });
  } catch (error) {
    // A wrong nonce counts against the mailed code (the update itself rolled back).
    if (error instanceof AuthError && error.code === 'reauthentication_not_valid') {
      await countWrongNonce(ctx, user.id);
    }
    throw error;
  }
  await deliver(ctx, mail);
  return authJson(200, await loadUserJson(ctx.db, user.id));
}

export async function logout(req: Request, ctx: ServerContext): Promise<Response> {
  const scope = new URL(req.url).searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw errors.validation(`Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await requireUser(req, ctx);
  if (scope === 'global') {
    await ctx.db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
  } else if (scope === 'local') {
    if (sessionId) await ctx.db.query(`delete from auth.sessions where id::text = $1`, [sessionId]);
  } else {
    await ctx.db.query(`delete from auth.sessions where user_id = $1 and id::text <> $2`, [
      user.id,
      sessionId ?? '',
    ]);
  }
  return authNoContent();
}
