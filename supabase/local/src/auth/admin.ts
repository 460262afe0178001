import type { Queryable, ServerContext } from '../context.ts';
import { authJson, errors } from './errors.ts';
import { parseGoDuration } from './go-duration.ts';
import { linkToken } from './link-token.ts';
import { authState } from './options.ts';
import { pageParameter } from './disabled.ts';
import { adminFactors } from './factors.ts';
import type { AuthHelpers } from './shared.ts';
import { allowedRedirect, verifyLink, type EmailType } from './mailer.ts';
import { isRecord, jsonObject, readJsonObject, str } from './request.ts';
import {
  confirmEmail,
  findUserByEmail,
  hashPassword,
  findUserById,
  insertUser,
  isUuid,
  listFactors,
  listIdentities,
  loadUserJson,
  mergeMetadata,
  newOtp,
  userJson,
  type UserRow,
} from './users.ts';

// Service-role endpoints: /admin/users CRUD, /admin/generate_link, /invite.

function requireAdmin(req: Request, ctx: ServerContext, h: AuthHelpers): void {
  const claims = h.verifyBearer(req, ctx);
  if (claims.role !== 'service_role') throw errors.notAdmin();
}

async function applyBan(q: Queryable, userId: string, banDuration: unknown): Promise<void> {
  if (banDuration === undefined || banDuration === null) return;
  if (typeof banDuration !== 'string') throw errors.validation('invalid format for ban duration');
  if (banDuration === 'none') {
    await q.query(`update auth.users set banned_until = null where id = $1`, [userId]);
    return;
  }
  const ms = parseGoDuration(banDuration);
  if (ms === null) throw errors.validation('invalid format for ban duration');
  await q.query(
    `update auth.users set banned_until = now() + ($2::float8 * interval '1 millisecond') where id = $1`,
    [userId, ms],
  );
  if (ms > 0) await q.query(`delete from auth.sessions where user_id = $1`, [userId]);
}

export async function adminRoute(
  req: Request,
  path: string,
  ctx: ServerContext,
  h: AuthHelpers,
): Promise<Response> {
  requireAdmin(req, ctx, h);
  const method = req.method.toUpperCase();
  if (path === '/invite' && method === 'POST') return invite(req, ctx, h);
  if (path === '/admin/generate_link' && method === 'POST') return generateLink(req, ctx, h);
  if (path === '/admin/users') {
    if (method === 'GET') return listUsers(req, ctx);
    if (method === 'POST') return createUser(req, ctx, h);
    throw errors.methodNotAllowed();
  }
  const factors = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path);
  if (factors) {
    const factorId = factors[2] === undefined ? null : decodeURIComponent(factors[2]);
    return adminFactors(req, ctx, decodeURIComponent(factors[1] ?? ''), factorId);
  }
  const match = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1] ?? '');
    if (method === 'GET') {
      const user = isUuid(id) ? await loadUserJson(ctx.db, id) : null;
      if (!user) throw errors.userNotFound(404, 'User not found');
      return authJson(200, user);
    }
    if (method === 'PUT') return updateUser(req, ctx, h, id);
    if (method === 'DELETE') {
      const user = isUuid(id) ? await loadUserJson(ctx.db, id) : null;
      if (!user) throw errors.userNotFound(404, 'User not found');
      await ctx.db.query(`delete from auth.users where id = $1`, [id]);
      return authJson(200, user);
    }
    throw errors.methodNotAllowed();
  }
  throw errors.notFound();
}

async function listUsers(req: Request, ctx: ServerContext): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const page = Math.max(1, pageParameter(params.get('page'), 1));
  const perPage = Math.min(1000, Math.max(1, pageParameter(params.get('per_page'), 50)));
  const total = await ctx.db.query<{ n: number }>(`select count(*)::int as n from auth.users`);
  const ids = await ctx.db.query<{ id: string }>(
    `select id::text as id from auth.users order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const { id } of ids.rows) {
    const user = await loadUserJson(ctx.db, id);
    if (user) users.push(user);
  }
  const count = total.rows[0]?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / perPage));
  const base = new URL(req.url);
  const link = (p: number, rel: string) => {
    base.searchParams.set('page', String(p));
    base.searchParams.set('per_page', String(perPage));
    return `<${base.pathname}${base.search}>; rel="${rel}"`;
  };
  const links = [link(lastPage, 'last')];
  if (page < lastPage) links.unshift(link(page + 1, 'next'));
  return authJson(
    200,
    { users, aud: 'authenticated' },
    { 'x-total-count': String(count), link: links.join(', ') },
  );
}

async function createUser(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Response> {
  const body = await readJsonObject(req);
  const email = h.requireEmail(body.email);
  let passwordHash: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    passwordHash = await hashPassword(h.checkPassword(ctx, body.password));
  }
  const userMetadata = isRecord(body.user_metadata)
    ? body.user_metadata
    : isRecord(body.data)
      ? body.data
      : {};
  const appMetadata = isRecord(body.app_metadata) ? body.app_metadata : {};
  const id = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw errors.emailExists();
    const userId = await h.insertUserOrFail(tx, {
      email,
      passwordHash,
      userMetadata,
      appMetadata,
      confirmed: body.email_confirm === true,
      ...(typeof body.role === 'string' && body.role ? { role: body.role } : {}),
    });
    await applyBan(tx, userId, body.ban_duration);
    return userId;
  });
  return authJson(200, await loadUserJson(ctx.db, id));
}

async function updateUser(
  req: Request,
  ctx: ServerContext,
  h: AuthHelpers,
  id: string,
): Promise<Response> {
  const body = await readJsonObject(req);
  const existing = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!existing) throw errors.userNotFound(404, 'User not found');
  let passwordHash: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    passwordHash = await hashPassword(h.checkPassword(ctx, body.password));
  }
  const email = body.email !== undefined && body.email !== null ? h.requireEmail(body.email) : null;
  await ctx.db.transaction(async (tx) => {
    const user = (await findUserById(tx, id)) as UserRow;
    if (email && email !== user.email) {
      const taken = await findUserByEmail(tx, email);
      if (taken && taken.id !== id) throw errors.emailExists();
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [
        id,
        email,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
          where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (passwordHash) {
      await tx.query(
        `update auth.users set encrypted_password = $2, updated_at = now() where id = $1`,
        [id, passwordHash],
      );
    }
    if (isRecord(body.user_metadata)) {
      const merged = mergeMetadata(jsonObject(user.raw_user_meta_data), body.user_metadata);
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [id, JSON.stringify(merged)],
      );
    }
    if (isRecord(body.app_metadata)) {
      const merged = mergeMetadata(jsonObject(user.raw_app_meta_data), body.app_metadata);
      await tx.query(
        `update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [id, JSON.stringify(merged)],
      );
    }
    if (typeof body.role === 'string' && body.role) {
      await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [
        id,
        body.role,
      ]);
    }
    if (body.email_confirm === true) await confirmEmail(tx, id);
    await applyBan(tx, id, body.ban_duration);
  });
  return authJson(200, await loadUserJson(ctx.db, id));
}

async function invite(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Response> {
  const body = await readJsonObject(req);
  const email = h.requireEmail(body.email);
  const redirect = h.redirectParam(req, ctx, body);
  const data = isRecord(body.data) ? body.data : {};
  const { id, mail } = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) throw errors.emailExists();
    const userId =
      existing?.id ??
      (await h.insertUserOrFail(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
        invited: true,
      }));
    await tx.query(`update auth.users set invited_at = now() where id = $1`, [userId]);
    return {
      id: userId,
      mail: await h.prepareConfirmation(ctx, tx, { id: userId, email }, redirect, 'invite'),
    };
  });
  await h.deliver(ctx, mail);
  return authJson(200, await loadUserJson(ctx.db, id));
}

async function generateLink(req: Request, ctx: ServerContext, h: AuthHelpers): Promise<Response> {
  const body = await readJsonObject(req);
  const type = str(body.type);
  const types = [
    'signup',
    'invite',
    'magiclink',
    'recovery',
    'email_change_new',
    'email_change_current',
  ];
  if (!type || !types.includes(type)) throw errors.validation('Invalid generate_link type', 422);
  const email = h.requireEmail(body.email);
  const redirect = allowedRedirect(
    ctx,
    str(body.redirect_to) ?? new URL(req.url).searchParams.get('redirect_to'),
  );
  const data = isRecord(body.data) ? body.data : {};
  let passwordHash: string | null = null;
  if (type === 'signup') {
    passwordHash = await hashPassword(h.checkPassword(ctx, body.password));
  }
  const result = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    let verification: EmailType;
    let mail;
    if (type === 'signup' || type === 'invite') {
      if (user?.email_confirmed_at) throw errors.emailExists();
      const userId =
        user?.id ??
        (await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: data,
          confirmed: false,
          invited: type === 'invite',
        }));
      mail = await h.prepareConfirmation(ctx, tx, { id: userId, email }, redirect, type, {
        mailed: false,
      });
      verification = type;
      user = await findUserById(tx, userId);
    } else if (type === 'magiclink' || type === 'recovery') {
      if (!user) {
        if (type === 'recovery') throw errors.userNotFound(404, 'User with this email not found');
        const userId = await insertUser(tx, {
          email,
          passwordHash: null,
          userMetadata: data,
          confirmed: false,
        });
        user = await findUserById(tx, userId);
      }
      if (!user) throw errors.unexpected();
      mail = await h.prepareRecovery(ctx, tx, { id: user.id, email }, redirect, type, {
        mailed: false,
      });
      verification = type;
    } else {
      if (!user) throw errors.userNotFound(404, 'User with this email not found');
      const newEmail = h.requireEmail(body.new_email);
      const { otp, hash: tokenHashValue } = newOtp(newEmail, authState(ctx).options.otpLength);
      // One link, for the new address: the change completes when it is followed.
      await tx.query(
        `update auth.users set email_change = $2, email_change_token_new = $3,
            email_change_token_current = '', email_change_confirm_status = 0,
            email_change_sent_at = now() where id = $1`,
        [user.id, newEmail, tokenHashValue],
      );
      mail = { to: newEmail, type: 'email_change' as const, hash: tokenHashValue, otp, redirect };
      verification = 'email_change';
    }
    if (!user) throw errors.unexpected();
    const fresh = (await findUserById(tx, user.id)) ?? user;
    const identities = await listIdentities(tx, user.id);
    const json = userJson(fresh, identities, await listFactors(tx, user.id));
    return { user: json, mail, verification };
  });
  return authJson(200, {
    ...result.user,
    action_link: verifyLink(ctx, result.mail.hash, result.verification, redirect),
    email_otp: result.mail.otp,
    hashed_token: linkToken(ctx, result.mail.hash),
    verification_type: result.verification,
    redirect_to: redirect,
  });
}
