import { randomUUID } from 'node:crypto';
import { compare } from 'bcryptjs';
import type { Queryable, ServerContext, Service } from '../context.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import { adminRoute } from './admin.ts';
import { factorsRoute, hasVerifiedFactor, sessionIsAal2 } from './factors.ts';
import { jwks } from './jwks.ts';
import {
  createFlowState,
  flowMethodOf,
  flowToken,
  issueAuthCode,
  PKCE_PREFIX,
  pkceFromBody,
  pkceGrant,
  type FlowMethod,
  type PkceChallenge,
} from './pkce.ts';
import { checkPasswordNonce, reauthenticate } from './reauthenticate.ts';
import {
  AuthError,
  authErrorResponse,
  authJson,
  authNoContent,
  API_VERSION,
  errors,
} from './errors.ts';
import { allowedRedirect, sendAuthEmail, type EmailType } from './mailer.ts';
import { authState } from './options.ts';
import {
  BadJsonError,
  bearerToken,
  clientIp,
  iso,
  isRecord,
  jsonObject,
  readJsonObject,
  str,
} from './request.ts';
import { createSession, refreshGrant, sessionResponse, type AmrMethod } from './tokens.ts';
import {
  confirmEmail,
  findUserByEmail,
  hashPassword,
  findUserById,
  findUserByTokenHash,
  insertUser,
  isValidEmail,
  listFactors,
  listIdentities,
  loadUserJson,
  mergeMetadata,
  newOtp,
  normalizeEmail,
  tokenHash,
  userJson,
  type UserRow,
} from './users.ts';

export { configureAuth, type AuthOptions } from './options.ts';

// GoTrue-compatible /auth/v1 (compat doc §3). `path` is the part after /auth/v1.

const RATE_LIMITED = new Set([
  '/signup',
  '/token',
  '/verify',
  '/recover',
  '/resend',
  '/otp',
  '/logout',
  '/user',
]);

export const authService: Service = async (req, path, ctx) => {
  try {
    return await route(req, path.replace(/\/+$/, '') || '/', ctx);
  } catch (error) {
    if (error instanceof AuthError) return authErrorResponse(error);
    if (error instanceof BadJsonError) return authErrorResponse(errors.badJson(error.message));
    console.error(
      'auth: unexpected error:',
      error instanceof Error ? error.message : String(error),
    );
    return authErrorResponse(errors.unexpected());
  }
};

async function route(req: Request, path: string, ctx: ServerContext): Promise<Response> {
  const method = req.method.toUpperCase();
  if (method === 'OPTIONS') return authNoContent();
  if (RATE_LIMITED.has(path) && method !== 'GET') {
    if (!authState(ctx).limiter.take(`${clientIp(req)} ${path}`)) throw errors.requestRateLimit();
  }
  if (path === '/verify' && method === 'GET') {
    if (!authState(ctx).limiter.take(`${clientIp(req)} ${path}`)) throw errors.requestRateLimit();
  }
  if (path.startsWith('/admin/') || path === '/invite') return adminRoute(req, path, ctx, helpers);
  if (path === '/factors' || path.startsWith('/factors/')) {
    return factorsRoute(req, path, ctx, helpers);
  }
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /health':
      return authJson(200, {
        version: 'v2.170.0',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    case 'GET /settings':
      return authJson(200, settings(ctx));
    case 'POST /signup':
      return signup(req, ctx);
    case 'POST /token':
      return token(req, ctx);
    case 'GET /user':
      return getUser(req, ctx);
    case 'PUT /user':
      return putUser(req, ctx);
    case 'POST /logout':
      return logout(req, ctx);
    case 'POST /recover':
      return recover(req, ctx);
    case 'POST /verify':
      return verifyPost(req, ctx);
    case 'GET /verify':
      return verifyGet(req, ctx);
    case 'POST /resend':
      return resend(req, ctx);
    case 'POST /otp':
    case 'POST /magiclink':
      return otp(req, ctx);
    case 'GET /reauthenticate':
      return reauthenticate(req, ctx, helpers);
    case 'GET /.well-known/jwks.json':
      return jwks();
    default:
      throw errors.notFound();
  }
}

function settings(ctx: ServerContext): Record<string, unknown> {
  return {
    external: {
      anonymous_users: false,
      email: true,
      phone: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

function redirectParam(req: Request, ctx: ServerContext, body?: Record<string, unknown>): string {
  const url = new URL(req.url);
  return allowedRedirect(ctx, url.searchParams.get('redirect_to') ?? str(body?.redirect_to));
}

function requireEmail(value: unknown, missing = 'An email address is required'): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.validation(missing);
  const email = normalizeEmail(value);
  if (!isValidEmail(email))
    throw errors.validation('Unable to validate email address: invalid format');
  return email;
}

function checkPassword(ctx: ServerContext, password: unknown): string {
  if (typeof password !== 'string') throw errors.validation('Password must be a string');
  const min = authState(ctx).options.minPasswordLength;
  if (password.length < min) throw errors.weakPassword(min);
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw errors.validation('Password cannot be longer than 72 characters', 422);
  }
  return password;
}

async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  try {
    return await compare(password, stored);
  } catch {
    return false;
  }
}

/** Seconds still to wait before another e-mail of this kind may go to the address, or 0. */
function emailWait(ctx: ServerContext, sentAt: unknown): number {
  const last = iso(sentAt);
  if (!last) return 0;
  const interval = authState(ctx).options.emailMinIntervalSeconds;
  const elapsed = (Date.now() - new Date(last).getTime()) / 1000;
  return elapsed < interval ? Math.max(1, Math.ceil(interval - elapsed)) : 0;
}

function checkEmailRate(ctx: ServerContext, sentAt: unknown): void {
  const wait = emailWait(ctx, sentAt);
  if (wait > 0) throw errors.emailRateLimit(wait);
}

type Mail = { to: string; type: EmailType; hash: string; otp: string; redirect: string };

/** The token to store and mail; in the PKCE flow (code challenge given) a flow state too. */
async function startFlow(
  tx: Queryable,
  userId: string,
  hash: string,
  pkce: PkceChallenge | null,
  method: FlowMethod,
): Promise<string> {
  if (pkce) await createFlowState(tx, userId, method, pkce);
  return flowToken(hash, pkce);
}

async function deliver(ctx: ServerContext, mail: Mail | null): Promise<void> {
  if (mail) await sendAuthEmail(ctx, mail.to, mail.type, mail.hash, mail.otp, mail.redirect);
}

/** Stores a fresh confirmation token on the user; returns the mail to send after commit. */
async function prepareConfirmation(
  tx: Queryable,
  user: { id: string; email: string },
  redirect: string,
  type: EmailType = 'signup',
  pkce: PkceChallenge | null = null,
): Promise<Mail> {
  const { otp, hash } = newOtp(user.email);
  const tokenHashValue = await startFlow(tx, user.id, hash, pkce, 'email/signup');
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, tokenHashValue],
  );
  return { to: user.email, type, hash: tokenHashValue, otp, redirect };
}

async function prepareRecovery(
  tx: Queryable,
  user: { id: string; email: string },
  redirect: string,
  type: 'recovery' | 'magiclink',
  pkce: PkceChallenge | null = null,
): Promise<Mail> {
  const { otp, hash } = newOtp(user.email);
  const tokenHashValue = await startFlow(tx, user.id, hash, pkce, type);
  await tx.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, tokenHashValue],
  );
  return { to: user.email, type, hash: tokenHashValue, otp, redirect };
}

async function insertUserOrFail(
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

type Authed = { claims: JwtClaims; user: UserRow; sessionId: string | null };

function verifyBearer(req: Request, ctx: ServerContext): JwtClaims {
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

async function requireUser(req: Request, ctx: ServerContext): Promise<Authed> {
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

const helpers: AuthHelpers = {
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

// ---------------------------------------------------------------------------------------------
// POST /signup

function fakeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
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

async function signup(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const redirect = redirectParam(req, ctx);
  if (body.email === undefined || body.email === null || body.email === '') {
    if (body.phone !== undefined && body.phone !== null && body.phone !== '')
      throw errors.phoneDisabled();
    if (body.password === undefined || body.password === null) throw errors.anonymousDisabled();
    throw errors.validation('To signup, please provide your email');
  }
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
    const mail = await prepareConfirmation(tx, { id: userId, email }, redirect, 'signup', pkce);
    return { kind: 'user', userId, mail };
  });

  if (outcome.kind === 'fake') return authJson(200, fakeUser(email, data));
  if (outcome.kind === 'session') return authJson(200, outcome.session);
  await deliver(ctx, outcome.mail);
  const user = await loadUserJson(ctx.db, outcome.userId);
  return authJson(200, user);
}

// ---------------------------------------------------------------------------------------------
// POST /token

async function token(req: Request, ctx: ServerContext): Promise<Response> {
  const grant = new URL(req.url).searchParams.get('grant_type');
  const body = await readJsonObject(req);
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

async function passwordGrant(
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
  const user = await findUserByEmail(ctx.db, normalizeEmail(body.email));
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
    throw errors.invalidCredentials();
  }
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

// ---------------------------------------------------------------------------------------------
// GET/PUT /user, POST /logout

async function getUser(req: Request, ctx: ServerContext): Promise<Response> {
  const { user } = await requireUser(req, ctx);
  return authJson(
    200,
    userJson(user, await listIdentities(ctx.db, user.id), await listFactors(ctx.db, user.id)),
  );
}

async function putUser(req: Request, ctx: ServerContext): Promise<Response> {
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
  const mail = await ctx.db.transaction<Mail | null>(async (tx) => {
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
      const { otp, hash } = newOtp(newEmail);
      const h = await startFlow(tx, user.id, hash, pkce, 'email_change');
      await tx.query(
        `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
            updated_at = now() where id = $1`,
        [user.id, newEmail, h],
      );
      return { to: newEmail, type: 'email_change', hash: h, otp, redirect };
    }
    return null;
  });
  await deliver(ctx, mail);
  return authJson(200, await loadUserJson(ctx.db, user.id));
}

async function changeEmail(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
        email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
        updated_at = now() where id = $1`,
    [userId, email],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
        updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

async function logout(req: Request, ctx: ServerContext): Promise<Response> {
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

// ---------------------------------------------------------------------------------------------
// POST /recover, /resend, /otp

async function recover(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const email = requireEmail(body.email, 'Password recovery requires an email');
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const mail = await ctx.db.transaction<Mail | null>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    checkEmailRate(ctx, user.recovery_sent_at);
    return prepareRecovery(tx, { id: user.id, email }, redirect, 'recovery', pkce);
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}

async function resend(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const type = body.type;
  if (type === 'sms' || type === 'phone_change') throw errors.phoneDisabled();
  if (type !== 'signup' && type !== 'email_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = requireEmail(body.email);
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const mail = await ctx.db.transaction<Mail | null>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    if (type === 'signup') {
      if (user.email_confirmed_at) return null;
      checkEmailRate(ctx, user.confirmation_sent_at);
      return prepareConfirmation(tx, { id: user.id, email }, redirect, 'signup', pkce);
    }
    if (!user.email_change) return null;
    checkEmailRate(ctx, user.email_change_sent_at);
    const { otp: code, hash } = newOtp(user.email_change);
    const h = await startFlow(tx, user.id, hash, pkce, 'email_change');
    await tx.query(
      `update auth.users set email_change_token_new = $2, email_change_sent_at = now() where id = $1`,
      [user.id, h],
    );
    return { to: user.email_change, type: 'email_change', hash: h, otp: code, redirect };
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}

async function otp(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  if (body.email === undefined && typeof body.phone === 'string') throw errors.phoneDisabled();
  const email = requireEmail(body.email);
  const pkce = pkceFromBody(body);
  const redirect = redirectParam(req, ctx);
  const createUser = body.create_user !== false;
  const data = isRecord(body.data) ? body.data : {};
  const mail = await ctx.db.transaction<Mail>(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser) throw errors.otpDisabled();
      const id = await insertUserOrFail(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
      });
      return prepareConfirmation(tx, { id, email }, redirect, 'signup', pkce);
    }
    if (!user.email_confirmed_at) {
      checkEmailRate(ctx, user.confirmation_sent_at);
      return prepareConfirmation(tx, { id: user.id, email }, redirect, 'signup', pkce);
    }
    checkEmailRate(ctx, user.recovery_sent_at);
    return prepareRecovery(tx, { id: user.id, email }, redirect, 'magiclink', pkce);
  });
  await deliver(ctx, mail);
  return authJson(200, {});
}

// ---------------------------------------------------------------------------------------------
// /verify

const VERIFY_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

function isVerifyType(value: unknown): value is VerifyType {
  return typeof value === 'string' && (VERIFY_TYPES as readonly string[]).includes(value);
}

type Verified = { userId: string; method: AmrMethod };

/** Checks an e-mailed token and applies it (confirm, recover, change e-mail); no session yet. */
async function verifyTokenHash(
  ctx: ServerContext,
  tx: Queryable,
  type: VerifyType,
  tokenHashValue: string,
  otpTyped = false,
): Promise<Verified> {
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
    user = await findUserByTokenHash(tx, 'email_change_token_new', tokenHashValue, otpTyped);
    if (user?.email_change && fresh(user.email_change_sent_at)) {
      await changeEmail(tx, user.id, user.email_change);
      method = 'email_change';
    } else {
      user = null;
    }
  }
  if (!user) throw errors.otpExpired();
  if (user.is_banned) throw errors.userBanned();
  return { userId: user.id, method };
}

async function sessionFor(
  ctx: ServerContext,
  tx: Queryable,
  v: Verified,
  userAgent: string | null,
): Promise<Record<string, unknown>> {
  const { sessionId, refreshToken } = await createSession(tx, v.userId, v.method, userAgent);
  return sessionResponse(ctx, tx, v.userId, sessionId, refreshToken);
}

async function verifyPost(req: Request, ctx: ServerContext): Promise<Response> {
  const body = await readJsonObject(req);
  const { type } = body;
  const tokenValue = str(body.token);
  const hashValue = str(body.token_hash);
  if (hashValue && (body.email || body.phone)) {
    throw errors.validation('Only the token_hash and type should be provided');
  }
  if (!tokenValue && !hashValue)
    throw errors.validation('Verify requires either a token or a token hash');
  if (!isVerifyType(type)) throw errors.validation('Verify requires a verification type');
  let target: string;
  const otpTyped = !hashValue;
  if (hashValue) {
    target = hashValue;
  } else {
    if (typeof body.email !== 'string' || body.email === '') {
      throw errors.validation('Only an email address or phone number should be provided on verify');
    }
    target = tokenHash(normalizeEmail(body.email), tokenValue ?? '');
  }
  const session = await ctx.db.transaction(async (tx) => {
    const v = await verifyTokenHash(ctx, tx, type, target, otpTyped);
    return sessionFor(ctx, tx, v, req.headers.get('user-agent'));
  });
  return authJson(200, session);
}

function redirectWithHash(
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

async function verifyGet(req: Request, ctx: ServerContext): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const redirect = allowedRedirect(ctx, params.get('redirect_to'));
  const type = params.get('type');
  const tokenValue = params.get('token') ?? '';
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
        return issueAuthCode(tx, v.userId, flowMethod);
      });
      return redirectWithHash(redirect, {}, { code });
    }
    const session = await ctx.db.transaction(async (tx) => {
      const v = await verifyTokenHash(ctx, tx, type, tokenValue);
      return sessionFor(ctx, tx, v, req.headers.get('user-agent'));
    });
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
