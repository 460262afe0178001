// send-reminders: the daily reminder e-mails (issue 29 point 3, DESIGN §12.2). Called every few
// minutes with the service role key: by the embedded server's scheduler locally
// (supabase/local/src/reminders/scheduler.ts) and by pg_cron on hosted (README.md beside this
// file). Body { now?: ISO time } (a fake clock for tests; only the service role can claim).
//
// Who may send is decided where the effect happens: claim_reminders is granted to the service
// role alone and is called with the caller's own token, so an anonymous caller or a learner gets
// 403 from the database before anything is read. The claim picks the learners whose chosen hour
// has come in their time zone, who have words due and were not reminded on that local day, and
// marks them in the same statement (at most one reminder per learner and local day, even with
// two schedulers). A mail the mail service refuses is released, so the next run tries again.
//
// Mail goes to a Resend-compatible endpoint (POST MAIL_API_URL with Bearer MAIL_API_KEY, body
// { from, to, subject, text, html, headers }); locally that is the outbox's /_dev/mail/send.
// Each mail carries the RFC 8058 one-click unsubscribe (List-Unsubscribe with the
// unsubscribe-reminders function's URL, List-Unsubscribe-Post) and the same link in its body.
import { createClient } from '@supabase/supabase-js';
import { reminderMail } from '../_shared/core/index.ts';
import { HttpError, endpoint, fromDbError, readBody } from '../_shared/http.ts';
import type { Env } from '../_shared/http.ts';
import type { Database } from '../_shared/database.ts';

export type SendReport = { claimed: number; sent: number; failed: number };

type MailSettings = { url: string; key: string; from: string; site: string };

function mailSettings(env: Env): MailSettings {
  const { MAIL_API_URL: url, MAIL_API_KEY: key, MAIL_FROM: from, SITE_URL: site } = env;
  if (!url || !key || !from || !site) {
    throw new HttpError(
      500,
      'not_configured',
      'Set the MAIL_API_URL, MAIL_API_KEY, MAIL_FROM and SITE_URL secrets to send reminders',
    );
  }
  return { url, key, from, site: site.replace(/\/+$/, '') };
}

function parseNow(value: unknown): Date {
  if (value === undefined || value === null) return new Date();
  const at = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) {
    throw new HttpError(400, 'invalid_argument', 'now must be an ISO 8601 time');
  }
  return at;
}

function callerDb(req: Request, env: Env) {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim();
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  if (!token) throw new HttpError(401, 'not_authenticated', 'The service role key is required');
  if (!url || !anonKey) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');
  return {
    url,
    db: createClient<Database>(url, anonKey, {
      global: { headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  };
}

export const handler = endpoint(async (req, env): Promise<SendReport> => {
  const { url: apiUrl, db } = callerDb(req, env);
  const now = parseNow((await readBody(req)).now);
  const mail = mailSettings(env);
  const { data, error } = await db.rpc('claim_reminders', { _now: now.toISOString() });
  if (error) throw fromDbError(error);
  let sent = 0;
  let failed = 0;
  for (const row of data) {
    // The procedure's columns are never null (its joins); the generated types cannot say so.
    const { user_id: userId, email, unsubscribe_token: secret, local_date: day } = row;
    if (!userId || !email || !secret || !day) continue;
    const token = encodeURIComponent(secret);
    const unsubscribeUrl = `${mail.site}/unsubscribe?token=${token}`;
    const oneClickUrl = `${apiUrl}/functions/v1/unsubscribe-reminders?token=${token}`;
    const message = reminderMail(row.language, {
      dueCount: row.due_count ?? 0,
      reviewUrl: `${mail.site}/review-flashcards`,
      unsubscribeUrl,
    });
    let ok = false;
    try {
      const res = await fetch(mail.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mail.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: mail.from,
          to: [email],
          ...message,
          headers: {
            'List-Unsubscribe': `<${oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      });
      ok = res.ok;
      if (!ok) console.error('send-reminders: the mail service answered', res.status);
    } catch (sendError) {
      console.error('send-reminders: the mail service failed', sendError);
    }
    if (ok) {
      sent += 1;
      continue;
    }
    failed += 1;
    const released = await db.rpc('release_reminder', {
      _user_id: userId,
      _local_date: day,
    });
    if (released.error) console.error('send-reminders: release failed', released.error.message);
  }
  return { claimed: data.length, sent, failed };
});
