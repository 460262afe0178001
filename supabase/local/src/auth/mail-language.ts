import type { ServerContext } from '../context.ts';

/**
 * The language of the auth e-mails to `to`: the `language` of the user's metadata (the web sends
 * it at sign-up and keeps it current), found by their address or by the address they are
 * changing to. Hosted Supabase reads the same value as `.Data.language` in its templates
 * (supabase/templates). Unknown or unset: null (English).
 */
export async function mailLanguage(ctx: ServerContext, to: string): Promise<string | null> {
  const { rows } = await ctx.db.query<{ language: string | null }>(
    `select raw_user_meta_data ->> 'language' as language from auth.users
     where lower(email) = lower($1) or lower(email_change) = lower($1)
     order by (lower(email) = lower($1)) desc
     limit 1`,
    [to],
  );
  return rows[0]?.language ?? null;
}
