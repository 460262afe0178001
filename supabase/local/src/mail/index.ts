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
    'select id::text as id, to_address, subject, text_body, html_body, links, created_at from _local.mail_outbox';
  return {
    async send(message) {
      await ctx.db.query(
        'insert into _local.mail_outbox (to_address, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5)',
        [message.to, message.subject, message.text, message.html, message.links],
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

/**
 * Mounted by the server under `/_dev` when dev routes are on: `path` is `/mail` (HTML page) or
 * `/mail.json` (JSON list; `?to=` filters by recipient). Other paths → JSON 404.
 */
export const devMailService: Service = async (req, path, ctx: ServerContext) => {
  const route = path.replace(/\/+$/, '');
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
