import type { IncomingMessage, ServerResponse } from 'node:http';
import { knownBody } from './known-body.ts';

// node:http ⇄ WHATWG Request/Response.

export function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.startsWith(':')) continue;
    headers.append(name, raw[i + 1] as string);
  }
  // The peer address goes last: per-IP limits (auth) read the last entry, which a client
  // cannot forge by sending its own X-Forwarded-For.
  const peer = req.socket.remoteAddress;
  if (peer) headers.append('x-forwarded-for', peer);
  return headers;
}

export function toRequest(
  req: IncomingMessage,
  url: URL,
  headers: Headers,
  body: Buffer | ReadableStream<Uint8Array> | null,
): Request {
  const method = req.method ?? 'GET';
  if (!body || method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  if (body instanceof ReadableStream) {
    // Node's fetch needs duplex 'half' for a streamed body; the DOM RequestInit type lacks it.
    const init: RequestInit & { duplex: 'half' } = { method, headers, body, duplex: 'half' };
    return new Request(url, init);
  }
  return new Request(url, { method, headers, body: new Uint8Array(body) });
}

export async function sendResponse(
  res: ServerResponse,
  response: Response,
  method: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  // Added here rather than by copying the Response: no layer before this pays for them.
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // Bytes already in memory go out in one write with their length (no chunked framing).
  const known = knownBody(response);
  if (known !== undefined) {
    headers['content-length'] = String(known.byteLength);
    res.writeHead(response.status, headers);
    res.end(method === 'HEAD' ? undefined : known);
    return;
  }
  res.writeHead(response.status, headers);
  if (method === 'HEAD' || response.body === null) {
    res.end();
    if (response.body) await response.body.cancel();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) {
      await new Promise<void>((resolve) => res.once('drain', resolve));
    }
  }
  res.end();
}
