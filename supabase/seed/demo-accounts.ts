import type { ServerContext } from '../local/src/context.ts';

// The demo accounts: their password is published in the README, so they exist only where demo
// accounts are wanted (development, or MAGYARUL_DEMO_ACCOUNTS=true). The embedded server calls
// lockDemoAccounts on every start where they are not wanted (NODE_ENV=production without the
// opt-in), so a data directory first seeded in development cannot carry them into production.

export const DEMO_PASSWORD = 'magyarul-demo';
export const DEMO_ADMIN = { email: 'admin@magyarul.local', name: 'Admin' } as const;
export const DEMO_LEARNER = { email: 'learner@magyarul.local', name: 'Demo Learner' } as const;

/**
 * Removes the published password from every demo account that still has it and ends its
 * sessions; the accounts and what they made stay. Returns the addresses it locked.
 */
export async function lockDemoAccounts(ctx: ServerContext): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const found = await tx.query<{ id: string; email: string }>(
      `select id::text as id, email from auth.users
        where email in ($1, $2) and encrypted_password is not null
          and encrypted_password = extensions.crypt($3, encrypted_password)`,
      [DEMO_ADMIN.email, DEMO_LEARNER.email, DEMO_PASSWORD],
    );
    for (const { id } of found.rows) {
      await tx.query(
        `update auth.users set encrypted_password = null, updated_at = now() where id = $1`,
        [id],
      );
      await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
    }
    return found.rows.map((row) => row.email);
  });
}
