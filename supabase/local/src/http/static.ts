import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

// The built web app (web/dist): files with their content types, hashed assets cached forever,
// every other non-API GET falls back to index.html (client-side routing). index.html gets the
// anon key in <meta name="magyarul-anon-key"> so the app needs no build-time configuration.

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
};

export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

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

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function serveStatic(
  webDir: string | undefined,
  pathname: string,
  method: string,
  anonKey: string,
): Response {
  const index = webDir ? join(webDir, 'index.html') : '';
  if (!webDir || !existsSync(index)) {
    return new Response(
      'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).\n',
      { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
  }
  const file = resolveInside(webDir, pathname);
  const body = method === 'HEAD' ? null : undefined;
  if (file && file !== index && isFile(file)) {
    const cache = HASHED.test(file)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate';
    return new Response(body === null ? null : readFileSync(file), {
      status: 200,
      headers: { 'content-type': contentType(file), 'cache-control': cache },
    });
  }
  // Missing asset files are real 404s; everything else is a client-side route.
  if (extname(pathname) !== '' && !pathname.endsWith('.html')) {
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const html = injectAnonKey(readFileSync(index, 'utf8'), anonKey);
  return new Response(body === null ? null : html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
