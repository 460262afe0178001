import type { Queryable, ServerContext } from '../context.ts';
import type { PkceChallenge } from './pkce.ts';
import { authState } from './options.ts';
import { flowToken } from './pkce.ts';
import { freshOtp, startFlow, takeEmailSlots, type Mail } from './shared.ts';
import type { UserRow } from './users.ts';

// An e-mail change as GoTrue makes it (internal/api/mail.go sendEmailChange, verify.go
// emailChangeVerify). With [auth.email] double_confirm_changes (hosted's default) both the
// current and the new address get a code and a link, and the address changes only when both
// are confirmed: the first confirmation is acknowledged ("Confirmation link accepted…") and
// gives no session. Without it only the new address confirms.

export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Stores the change and its codes; returns the mails to send after commit (one or two). */
export async function startEmailChange(
  ctx: ServerContext,
  tx: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
  newEmail: string,
  redirect: string,
  pkce: PkceChallenge | null,
): Promise<Mail[]> {
  const current = user.email ?? '';
  const both = authState(ctx).options.doubleConfirmChanges && current !== '';
  takeEmailSlots(ctx, both ? 2 : 1);
  const fresh = freshOtp(ctx, newEmail);
  const newToken = await startFlow(tx, user.id, fresh.hash, pkce, 'email_change');
  const mails: Mail[] = [
    { to: newEmail, type: 'email_change', hash: newToken, otp: fresh.otp, redirect },
  ];
  let currentToken = '';
  if (both) {
    const code = freshOtp(ctx, current);
    currentToken = flowToken(code.hash, pkce);
    mails.push({ to: current, type: 'email_change', hash: currentToken, otp: code.otp, redirect });
  }
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3,
        email_change_token_current = $4, email_change_confirm_status = 0,
        email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, newEmail, newToken, currentToken],
  );
  return mails;
}

/**
 * Applies the confirmation of one side (`column` held the token that matched): the first of
 * two only clears that token; otherwise the address changes.
 */
export async function confirmEmailChange(
  tx: Queryable,
  user: UserRow,
  column: 'email_change_token_new' | 'email_change_token_current',
): Promise<'changed' | 'one of two'> {
  const other =
    column === 'email_change_token_new'
      ? user.email_change_token_current
      : user.email_change_token_new;
  if ((user.email_change_confirm_status ?? 0) === 0 && other) {
    await tx.query(
      `update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now()
        where id = $1`,
      [user.id],
    );
    return 'one of two';
  }
  await changeEmail(tx, user.id, user.email_change ?? '');
  return 'changed';
}

export async function changeEmail(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
        email_change_token_current = '', email_change_confirm_status = 0,
        email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = $1`,
    [userId, email],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
        updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}
