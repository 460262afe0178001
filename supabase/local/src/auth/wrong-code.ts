import type { ServerContext } from '../context.ts';
import { authState } from './options.ts';
import type { TokenColumn } from './users.ts';

// After a code typed with its address (POST /verify {email, token}) or a reauthentication nonce
// (PUT /user) was wrong: count it against the code the user has outstanding, and delete that
// code when it has had its WRONG_GUESSES_PER_CODE (auth/code-guesses.ts). Runs after the
// failed transaction, so the count and the deletion stand. An e-mail change dies whole: both
// of its codes and the pending address go, so one side can never complete it alone.

type Typed = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';

const COLUMNS: Record<Exclude<Typed, 'email_change'>, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
};

type CodeRow = { id: string; email: string | null; email_change: string | null } & Record<
  TokenColumn,
  string | null
>;

const CLEARED: Record<TokenColumn, string> = {
  confirmation_token: `confirmation_token = ''`,
  recovery_token: `recovery_token = ''`,
  reauthentication_token: `reauthentication_token = ''`,
  email_change_token_new: `email_change_token_new = '', email_change_token_current = '',
    email_change = '', email_change_confirm_status = 0`,
  email_change_token_current: `email_change_token_new = '', email_change_token_current = '',
    email_change = '', email_change_confirm_status = 0`,
};

async function miss(
  ctx: ServerContext,
  userId: string,
  column: TokenColumn,
  stored: string | null,
): Promise<void> {
  if (!stored || !authState(ctx).limiters.codes.miss(stored)) return;
  // Only the code that was counted: a newer one sent meanwhile stays.
  await ctx.db.query(
    `update auth.users set ${CLEARED[column]}, updated_at = now() where id = $1 and ${column} = $2`,
    [userId, stored],
  );
}

/** A wrong code typed for `email` (POST /verify with email and token). */
export async function countWrongCode(
  ctx: ServerContext,
  type: Typed,
  email: string,
): Promise<void> {
  const res = await ctx.db.query<CodeRow>(
    `select id::text as id, lower(email) as email, lower(email_change) as email_change,
            confirmation_token, recovery_token, email_change_token_new,
            email_change_token_current, reauthentication_token
       from auth.users
      where lower(email) = lower($1) or ($2::boolean and lower(email_change) = lower($1))`,
    [email, type === 'email_change'],
  );
  for (const row of res.rows) {
    if (type === 'email_change') {
      // The hash binds the address: a code typed for the new address can only be the new
      // address's code, one typed for the current address the current one's.
      if (row.email_change === email.toLowerCase()) {
        await miss(ctx, row.id, 'email_change_token_new', row.email_change_token_new);
      }
      if (row.email === email.toLowerCase()) {
        await miss(ctx, row.id, 'email_change_token_current', row.email_change_token_current);
      }
      continue;
    }
    for (const column of COLUMNS[type]) await miss(ctx, row.id, column, row[column]);
  }
}

/** A wrong reauthentication nonce of the user (PUT /user with a password and nonce). */
export async function countWrongNonce(ctx: ServerContext, userId: string): Promise<void> {
  const res = await ctx.db.query<{ reauthentication_token: string | null }>(
    `select reauthentication_token from auth.users where id = $1`,
    [userId],
  );
  await miss(ctx, userId, 'reauthentication_token', res.rows[0]?.reauthentication_token ?? null);
}
