import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/types/database.ts';
import type { TestServer } from './server.ts';

// Typed supabase-js clients of a contract test server, shared by the tests on the app's schema.

export type Db = SupabaseClient<Database>;

export const PASSWORD = 'correct-horse-battery';

/** A client with `key` (anon or service role) that keeps no session. */
export function client(server: TestServer, key: string): Db {
  return createClient<Database>(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A new account signed up (autoconfirm) and signed in: its client and user id. */
export async function signedUp(server: TestServer, email: string): Promise<{ db: Db; id: string }> {
  const db = client(server, server.ctx.keys.anonKey);
  const { data, error } = await db.auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  if (!data.session || !data.user) throw new Error('autoconfirm should return a session');
  return { db, id: data.user.id };
}
