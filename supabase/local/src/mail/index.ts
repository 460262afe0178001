import type { MailMessage, MailOutbox, Queryable, ServerContext, Service } from '../context.ts';
import { iso } from '../auth/request.ts';

// The development mail outbox: every auth e-mail is kept in _local.mail_outbox (platform SQL
// 0004) and shown on /_dev/mail (HTML) and /_dev/mail.json (JSON, newest first).

type MailRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[] | null;
  headers: Record<string, string> | null;
  created_at: unknown;
};

function toMessage(row: MailRow): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links ?? [],
    headers: row.headers ?? {},
    created_at: iso(row.created_at) ?? '',
  };
}

/** Accepts the database itself or anything carrying it as `db` (a ServerContext). */
export function createMailOutbox(source: Queryable | { db: Queryable }): MailOutbox & {
  listFor(to: string): Promise<MailMessage[]>;
  clear(): Promise<void>;
} {
  const ctx = { db: 'db' in source ? source.db : source };
  const select =
    'select id::text as id, to_address, subject, text_body, html_body, links, headers, created_at from _local.mail_outbox';
  return {
    async send(message) {
      await ctx.db.query(
        'insert into _local.mail_outbox (to_address, subject, text_body, html_body, links, headers) values ($1, $2, $3, $4, $5, $6)',
        [
          message.to,
          message.subject,
          message.text,
          message.html,
          message.links,
          JSON.stringify(message.headers ?? {}),
        ],
      );
    },
    async list() {
      const res = await ctx.db.query<MailRow>(`${select} order by seq desc limit 500`);
      return res.rows.map(toMessage);
    },
    async listFor(to: string) {
      const res = await ctx.db.query<MailRow>(
        `${select} where lower(to_address) = lower($1) order by seq desc limit 500`,
        [to],
      );
      return res.rows.map(toMessage);
    },
    async clear() {
      await ctx.db.query('delete from _local.mail_outbox');
    },
  };
}

/** Every http(s) URL in a text, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((l) =>
    l.replace(/[.,;:!?)]+$/, ''),
  );
  return [...new Set(found)];
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderMailPage(messages: MailMessage[]): string {
  const items = messages
    .map((m) => {
      const links = m.links
        .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
        .join('');
      return (
        `<article><h2>${escapeHtml(m.subject)}</h2>` +
        `<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time>${escapeHtml(m.created_at)}</time></p>` +
        `<pre>${escapeHtml(m.text)}</pre>` +
        (links ? `<ul class="links">${links}</ul>` : '') +
        '</article>'
      );
    })
    .join('\n');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Development mail outbox</title><style>' +
    'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}' +
    'article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}' +
    'h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .5rem}' +
    'pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}a{word-break:break-all}' +
    '</style></head><body><h1>Development mail outbox</h1>' +
    `<p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first. ` +
    'JSON: <a href="/_dev/mail.json">/_dev/mail.json</a></p>' +
    (messages.length === 0 ? '<p>No mail yet.</p>' : items) +
    '</body></html>'
  );
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The Resend-style body the send-reminders function posts ({ to, subject, text, html, headers }). */
function parseSendBody(value: unknown): Omit<MailMessage, 'id' | 'created_at'> | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const to = Array.isArray(body.to) ? body.to[0] : body.to;
  const { subject, text, html, headers } = body;
  if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string')
    return null;
  const extra: Record<string, string> = {};
  if (typeof headers === 'object' && headers !== null) {
    for (const [name, v] of Object.entries(headers)) if (typeof v === 'string') extra[name] = v;
  }
  return {
    to,
    subject,
    text,
    html: typeof html === 'string' ? html : '',
    links: extractLinks(text),
    headers: extra,
  };
}

/**
 * POST /_dev/mail/send: a Resend-compatible sink for mail the functions send (the daily
 * reminders), so locally they land in the outbox like the auth mails. Only with the service
 * role key: nobody else writes into the outbox.
 */
async function sendThroughOutbox(req: Request, ctx: ServerContext): Promise<Response> {
  if (req.method !== 'POST') return jsonResponse(405, { code: 405, message: 'Method not allowed' });
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  if (token !== ctx.keys.serviceRoleKey) {
    return jsonResponse(401, { code: 401, message: 'The service role key is required' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await req.text());
  } catch {
    parsed = null;
  }
  const message = parseSendBody(parsed);
  if (!message)
    return jsonResponse(422, { code: 422, message: 'to, subject and text are required' });
  await ctx.mail.send(message);
  return jsonResponse(200, { id: crypto.randomUUID() });
}

/**
 * Mounted by the server under `/_dev` when dev routes are on: `path` is `/mail` (HTML page) or
 * `/mail.json` (JSON list; `?to=` filters by recipient). Other paths → JSON 404.
 */
export const devMailService: Service = async (req, path, ctx: ServerContext) => {
  const route = path.replace(/\/+$/, '');
  if (route === '/mail/send') return sendThroughOutbox(req, ctx);
  if (route !== '/mail' && route !== '/mail.json') {
    return jsonResponse(404, { code: 404, message: 'Not found' });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return jsonResponse(405, { code: 405, message: 'Method not allowed' });
  }
  const to = new URL(req.url).searchParams.get('to');
  const outbox = createMailOutbox(ctx);
  const messages = to ? await outbox.listFor(to) : await ctx.mail.list();
  if (route === '/mail.json') return jsonResponse(200, messages);
  return new Response(renderMailPage(messages), {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
};
