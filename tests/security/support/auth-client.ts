import { request } from 'node:http';
import type { AppServer } from './server.ts';

// An attacker (or a learner) talking to /auth/v1 from a given loopback address (127.0.0.x):
// the server counts its per-address limits by the connection's own address, so each test
// takes addresses of its own and the limits of one test do not leak into another.

export type Reply = {
  status: number;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
};

type Mail = { to: string; subject: string; text: string; links: string[] };

/** One HTTP request from `from` (not following redirects). */
export function requestFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Reply> {
  const target = new URL(url);
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? (payload ? 'POST' : 'GET'),
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const headers: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          let body: Record<string, unknown> = {};
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export type AuthClient = {
  /** POST or GET /auth/v1<path> with the anon key (and `token` as the bearer if given). */
  call(path: string, body?: unknown, token?: string, method?: string): Promise<Reply>;
  /** GET of an e-mailed link; the redirect's URL. */
  follow(link: string): Promise<URL>;
};

export function authClient(server: AppServer, from: string): AuthClient {
  const anonKey = server.ctx.keys.anonKey;
  return {
    call: (path, body, token, method) =>
      requestFrom(from, `${server.url}/auth/v1${path}`, {
        method: method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { apikey: anonKey, authorization: `Bearer ${token ?? anonKey}` },
        body,
      }),
    async follow(link) {
      const reply = await requestFrom(from, link);
      if (reply.status !== 303) throw new Error(`link answered ${reply.status}`);
      return new URL(reply.headers.location ?? '');
    },
  };
}

/** A confirmed account made with the service key (no mail, no limit): its id. */
export async function confirmedAccount(
  server: AppServer,
  email: string,
  password = 'right-password-1',
): Promise<string> {
  const key = server.ctx.keys.serviceRoleKey;
  const res = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (res.status !== 200) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The auth mails to `to`, newest first. */
export async function mailsTo(server: AppServer, to: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Mail[]).filter((mail) => mail.to === to);
}

/** The code and the link of the newest mail to `to`. */
export async function codeFor(
  server: AppServer,
  to: string,
): Promise<{ code: string; link: string }> {
  const [mail] = await mailsTo(server, to);
  const code = /enter the code: (\d+)/.exec(mail?.text ?? '')?.[1];
  const link = mail?.links.find((l) => l.includes('/verify'));
  if (!code || !link) throw new Error(`no code in the newest mail to ${to}`);
  return { code, link };
}

/** `count` six-digit codes, none of them `right`. */
export function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 1) {
    const code = String((Number(right) + 1 + n * 7919) % 1_000_000).padStart(6, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}
