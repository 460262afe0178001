import { genSalt, hash } from 'bcryptjs';
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../context.ts';
import { iso, jsonObject } from './request.ts';

// auth.users / auth.identities access and the GoTrue User JSON (compat doc §3.2). Users are
// written with plain SQL so the app's triggers on auth.users fire.

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: unknown;
  phone_confirmed_at: unknown;
  confirmed_at: unknown;
  confirmation_sent_at: unknown;
  recovery_sent_at: unknown;
  email_change_sent_at: unknown;
  email_change: string | null;
  invited_at: unknown;
  last_sign_in_at: unknown;
  raw_app_meta_data: unknown;
  raw_user_meta_data: unknown;
  created_at: unknown;
  updated_at: unknown;
  is_anonymous: boolean;
  banned_until: unknown;
  deleted_at: unknown;
  confirmation_token: string | null;
  recovery_token: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  is_banned: boolean;
};

export type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: unknown;
  provider: string;
  last_sign_in_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  email: string | null;
};

const USER_COLUMNS = `id::text as id, aud, role, email, phone, encrypted_password, email_confirmed_at,
  phone_confirmed_at, confirmed_at, confirmation_sent_at, recovery_sent_at, email_change_sent_at,
  email_change, invited_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, coalesce(is_anonymous, false) as is_anonymous, banned_until, deleted_at,
  confirmation_token, recovery_token, email_change_token_new, email_change_token_current,
  email_change_confirm_status, coalesce(banned_until > now(), false) as is_banned`;

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const res = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return res.rows[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const res = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false
     order by created_at limit 1`,
    [email],
  );
  return res.rows[0] ?? null;
}

/**
 * The user whose stored token is `hash`. An OTP typed in (`otp`) also matches a token stored
 * for the PKCE flow (`pkce_<hash>`), as GoTrue's isOtpValid does; a link's token must match
 * exactly, so a PKCE link cannot be turned into an implicit one by dropping its prefix.
 */
export async function findUserByTokenHash(
  q: Queryable,
  column: TokenColumn,
  hash: string,
  otp = false,
): Promise<UserRow | null> {
  if (!hash) return null;
  const res = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where ${column} = $1 or ($2::boolean and ${column} = 'pkce_' || $1) limit 1`,
    [hash, otp],
  );
  return res.rows[0] ?? null;
}

/** The columns of auth.users that hold an e-mailed code (its hash, `pkce_`-prefixed in PKCE). */
export type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export async function listIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const res = await q.query<IdentityRow>(
    `select id::text as id, provider_id, user_id::text as user_id, identity_data, provider,
            last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return res.rows;
}

export type FactorRow = {
  id: string;
  created_at: unknown;
  updated_at: unknown;
  status: string;
  friendly_name: string | null;
  factor_type: string;
  phone: string | null;
  last_challenged_at: unknown;
};

/** Every factor of a user, verified or not, oldest first (GoTrue loads them with the user). */
export async function listFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const res = await q.query<FactorRow>(
    `select id::text as id, created_at, updated_at, status::text as status, friendly_name,
            factor_type::text as factor_type, phone, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return res.rows;
}

/** GoTrue's Factor JSON (models/factor.go): friendly_name omitted when empty, phone "". */
export function factorJson(row: FactorRow): Record<string, unknown> {
  const factor: Record<string, unknown> = {
    id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    status: row.status,
  };
  if (row.friendly_name) factor.friendly_name = row.friendly_name;
  factor.factor_type = row.factor_type;
  factor.phone = row.phone ?? '';
  factor.last_challenged_at = iso(row.last_challenged_at);
  return factor;
}

export type UserJson = Record<string, unknown> & { id: string };

function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== null && value !== undefined) target[key] = value;
}

export function identityJson(row: IdentityRow): Record<string, unknown> {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: jsonObject(row.identity_data),
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? '',
  };
}

export function userJson(
  row: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[] = [],
): UserJson {
  const user: UserJson = {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email ?? '',
  };
  put(user, 'email_confirmed_at', iso(row.email_confirmed_at));
  user.phone = row.phone ?? '';
  put(user, 'phone_confirmed_at', iso(row.phone_confirmed_at));
  put(user, 'confirmation_sent_at', iso(row.confirmation_sent_at));
  put(user, 'confirmed_at', iso(row.confirmed_at));
  put(user, 'recovery_sent_at', iso(row.recovery_sent_at));
  if (row.email_change) put(user, 'new_email', row.email_change);
  put(user, 'email_change_sent_at', iso(row.email_change_sent_at));
  put(user, 'invited_at', iso(row.invited_at));
  put(user, 'last_sign_in_at', iso(row.last_sign_in_at));
  user.app_metadata = jsonObject(row.raw_app_meta_data);
  user.user_metadata = jsonObject(row.raw_user_meta_data);
  if (factors.length > 0) user.factors = factors.map(factorJson);
  user.identities = identities.map(identityJson);
  user.created_at = iso(row.created_at);
  user.updated_at = iso(row.updated_at);
  put(user, 'banned_until', row.is_banned ? iso(row.banned_until) : null);
  put(user, 'deleted_at', iso(row.deleted_at));
  user.is_anonymous = row.is_anonymous;
  return user;
}

export async function loadUserJson(q: Queryable, id: string): Promise<UserJson | null> {
  const row = await findUserById(q, id);
  return row ? userJson(row, await listIdentities(q, row.id), await listFactors(q, row.id)) : null;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address format GoTrue accepts (roughly: local@domain.tld, no spaces, ≤ 255). */
export function isValidEmail(email: string): boolean {
  return (
    email.length <= 255 &&
    /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i.test(
      email,
    )
  );
}

/**
 * A fresh OTP of `length` digits ([auth.email] otp_length, 6 to 10) and its stored form
 * sha224(email + otp), hex (GoTrue's GenerateOtp and GenerateTokenHash).
 */
export function newOtp(email: string, length = 6): { otp: string; hash: string } {
  let otp = '';
  while (otp.length < length) otp += String(randomInt(0, 10));
  return { otp, hash: tokenHash(email, otp) };
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(`${email}${otp}`).digest('hex');
}

export type NewUser = {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  invited?: boolean;
  role?: string;
};

/** Inserts auth.users and its email identity; returns the id. Fires the app's triggers. */
export async function insertUser(q: Queryable, user: NewUser): Promise<string> {
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const res = await q.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        invited_at, confirmation_token, recovery_token, email_change_token_new, email_change,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', $1, $2, $3,
        case when $4::boolean then now() end, case when $5::boolean then now() end, '', '', '', '',
        $6::jsonb, $7::jsonb, false, now(), now(), false)
     returning id::text as id`,
    [
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash,
      user.confirmed,
      user.invited ?? false,
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  );
  const id = res.rows[0]?.id;
  if (!id) throw new Error('insert into auth.users returned no id');
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2::uuid, $3::jsonb, 'email', now(), now())`,
    [
      id,
      id,
      JSON.stringify({
        sub: id,
        email: user.email,
        email_verified: user.confirmed,
        phone_verified: false,
      }),
    ],
  );
  return id;
}

/** Marks the e-mail confirmed (and the identity verified). */
export async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
        confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
        updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** GoTrue's UpdateUserMetaData: shallow merge, a null value deletes the key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete result[key];
    else result[key] = value;
  }
  return result;
}

export const BCRYPT_COST = 10;

/** bcrypt with the $2a$ prefix GoTrue (Go's x/crypto/bcrypt) writes; same algorithm as $2b$. */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await genSalt(BCRYPT_COST)).replace(/^\$2b\$/, '$2a$');
  return hash(password, salt);
}
