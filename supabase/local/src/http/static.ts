import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { CompressionCache, isCompressible, negotiateEncoding, varyOnEncoding } from './compress.ts';
import { SPELL_WORKER_CSP, WORKER_CSP } from './security-headers.ts';

// The built web app (web/dist): files with their content types, hashed assets cached forever,
// every other non-API GET falls back to index.html (client-side routing). index.html gets the
// anon key in <meta name="magyarul-anon-key"> so the app needs no build-time configuration.
// Text files are sent br/gzip-compressed when the client accepts it; the compressed bytes are
// cached in memory per path and mtime.

/** The review editor's spelling thread, as web/vite.config.ts names it. */
const SPELL_WORKER = /^\/assets\/spell-worker-[\w-]+\.js$/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  // Hunspell's dictionary (the review editor's spelling): UTF-8 text, sent compressed.
  '.aff': 'text/plain; charset=utf-8',
  '.dic': 'text/plain; charset=utf-8',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The app's service worker (web/src/offline/service-worker.ts, built to web/dist/sw.js). */
const SERVICE_WORKER = '/sw.js';

/** Vite names bundled files like `index-B3x9kQ_a.js`. */
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function injectAnonKey(html: string, anonKey: string): string {
  return html.replace(
    /(<meta\s+name="magyarul-anon-key"\s+content=")[^"]*(")/,
    (_m, start: string, end: string) => `${start}${escapeAttribute(anonKey)}${end}`,
  );
}

function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return full;
}

function fileStats(path: string): Stats | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

const compressed = new CompressionCache();

/** Builds the response for a file's bytes, compressed when the type and the client allow it. */
async function fileResponse(
  key: string,
  version: string,
  type: string,
  cacheControl: string,
  data: () => Uint8Array<ArrayBuffer>,
  method: string,
  acceptEncoding: string | null | undefined,
): Promise<Response> {
  const headers = new Headers({ 'content-type': type, 'cache-control': cacheControl });
  if (isCompressible(type)) {
    varyOnEncoding(headers);
    const encoding = negotiateEncoding(acceptEncoding);
    if (encoding) {
      const out = await compressed.encoded(key, version, encoding, data);
      if (out) {
        headers.set('content-encoding', encoding);
        headers.set('content-length', String(out.byteLength));
        return new Response(method === 'HEAD' ? null : new Uint8Array(out), {
          status: 200,
          headers,
        });
      }
    }
  }
  const bytes = data();
  headers.set('content-length', String(bytes.byteLength));
  return new Response(method === 'HEAD' ? null : bytes, { status: 200, headers });
}

export async function serveStatic(
  webDir: string | undefined,
  pathname: string,
  method: string,
  anonKey: string,
  acceptEncoding?: string | null,
): Promise<Response> {
  const index = webDir ? join(webDir, 'index.html') : '';
  if (!webDir || !existsSync(index)) {
    return new Response(
      'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).\n',
      { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
  }
  const file = resolveInside(webDir, pathname);
  const stats = file && file !== index ? fileStats(file) : null;
  if (file && stats) {
    const cache = HASHED.test(file)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate';
    let bytes: Uint8Array<ArrayBuffer> | null = null;
    const response = await fileResponse(
      file,
      `${stats.mtimeMs}:${stats.size}`,
      contentType(file),
      cache,
      () => (bytes ??= readFileSync(file)),
      method,
      acceptEncoding,
    );
    // The service worker runs under its script's CSP: it may fetch from this origin only.
    if (pathname === SERVICE_WORKER) response.headers.set('content-security-policy', WORKER_CSP);
    if (SPELL_WORKER.test(pathname)) {
      response.headers.set('content-security-policy', SPELL_WORKER_CSP);
    }
    return response;
  }
  // Missing asset files are real 404s; everything else is a client-side route.
  if (extname(pathname) !== '' && !pathname.endsWith('.html')) {
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const indexStats = fileStats(index);
  let html: Uint8Array<ArrayBuffer> | null = null;
  return fileResponse(
    index,
    `${indexStats?.mtimeMs ?? 0}:${indexStats?.size ?? 0}:${anonKey}`,
    'text/html; charset=utf-8',
    'no-cache',
    () => (html ??= Buffer.from(injectAnonKey(readFileSync(index, 'utf8'), anonKey))),
    method,
    acceptEncoding,
  );
}
