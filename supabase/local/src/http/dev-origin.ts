import { json } from './errors.ts';

// /_dev/* (the mail outbox with its reset links, the keys) is for the developer's own browser
// and tools, never for another site: no CORS headers at all, a request another origin's page
// makes (Origin or Sec-Fetch-Site say so) is refused, and so is one addressed to a host name
// that is not this server's (a DNS-rebinding page reaches 127.0.0.1 under its own name).

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function hostName(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** Null when the request may read /_dev/*, else the 403 to answer. */
export function refuseForeignDevRequest(headers: Headers, publicUrl: string): Response | null {
  const host = headers.get('host') ?? '';
  const ownHost = new URL(publicUrl).host.toLowerCase();
  const hostOk = host.toLowerCase() === ownHost || LOOPBACK.test(hostName(host));
  const origin = headers.get('origin');
  const originOk = origin === null || origin === `http://${host}` || origin === `https://${host}`;
  const site = headers.get('sec-fetch-site');
  const siteOk = site === null || site === 'same-origin' || site === 'none';
  if (hostOk && originOk && siteOk) return null;
  return json(403, { message: 'The development routes answer only pages of this server.' });
}
