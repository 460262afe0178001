// unsubscribe-reminders: the one-click unsubscribe of the reminder e-mails (RFC 8058). A mail
// client POSTs to the List-Unsubscribe URL (…/unsubscribe-reminders?token=…) with the body
// `List-Unsubscribe=One-Click`; the web page /unsubscribe calls the same procedure. No sign-in:
// the token in the link is the learner's unsubscribe secret (profiles.reminder_unsubscribe_token),
// and unsubscribe_reminders, run with the anon key, switches off only the reminders of the
// learner holding it. A wrong token changes nothing ({ unsubscribed: false }).
import { createClient } from '@supabase/supabase-js';
import { HttpError, endpoint, fromDbError } from '../_shared/http.ts';
import type { Database } from '../_shared/database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const handler = endpoint(async (req, env) => {
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!UUID.test(token)) throw new HttpError(400, 'invalid_argument', 'token must be a uuid');
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');
  const db = createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await db.rpc('unsubscribe_reminders', { _token: token });
  if (error) throw fromDbError(error);
  return { unsubscribed: data };
});
