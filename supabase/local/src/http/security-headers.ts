// Headers every response of the embedded server carries (issue 10): the web app may not be
// framed, nothing is MIME-sniffed, the Referer does not leak paths to other origins, and pages
// run only the app's own scripts. The anon key reaches the app in a <meta> tag, not in an
// inline script, so script-src needs no 'unsafe-inline'. Styles allow inline <style> because
// the toast library (sonner) injects its stylesheet at run time; no script can come from that.

/** The CSP of the app's HTML pages (the learner app, the admin area, the dev outbox). */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The app's service worker (/sw.js, issue 13): a worker runs under the CSP of its own script,
 * and API_CSP's default-src 'none' would stop it from fetching anything. It may reach its own
 * origin (the app's files, pages and downloaded audio) and nothing else; it loads no scripts.
 */
export const WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/**
 * The web review editor's spelling thread (/assets/spell-worker-<hash>.js, issue 28): a worker
 * runs under its own script's CSP, and hunspell is WebAssembly, so this one script may compile
 * WebAssembly ('wasm-unsafe-eval': compiling only, no eval of JavaScript) and fetch the
 * dictionary from this origin. Nothing else gets it.
 */
export const SPELL_WORKER_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

/** Everything else (JSON, files): nothing may run, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The security headers to add to a response; a CSP the response already has is kept. */
export function securityHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = { ...COMMON_HEADERS };
  if (!headers.has('content-security-policy')) {
    const type = (headers.get('content-type') ?? '').toLowerCase();
    out['content-security-policy'] = type.startsWith('text/html') ? PAGE_CSP : API_CSP;
  }
  return out;
}
