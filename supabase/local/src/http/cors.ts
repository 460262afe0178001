import { setHeaders } from './known-body.ts';
// CORS as PostgREST and GoTrue answer it (compat §1.4): echo the requested headers, expose the
// headers supabase-js reads (Content-Range for counts, X-Supabase-Api-Version for auth errors).

export const EXPOSED_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, ' +
  'Transfer-Encoding, Range-Unit, Content-Profile, Preference-Applied, X-Supabase-Api-Version';

export const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';

const DEFAULT_ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, ' +
  'range, x-upsert, cache-control, x-metadata, x-supabase-api-version, x-retry-count, x-region';

export function corsHeaders(requestHeaders: Headers): Record<string, string> {
  return {
    'access-control-allow-origin': requestHeaders.get('origin') ?? '*',
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers':
      requestHeaders.get('access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS,
    'access-control-expose-headers': EXPOSED_HEADERS,
    'access-control-max-age': '86400',
    vary: 'Origin, Access-Control-Request-Headers',
  };
}

export function preflight(requestHeaders: Headers): Response {
  return new Response(null, { status: 204, headers: corsHeaders(requestHeaders) });
}

/** Adds CORS headers unless the service already chose its own. */
export function withCors(res: Response, requestHeaders: Headers): Response {
  if (res.headers.has('access-control-allow-origin')) return res;
  return setHeaders(res, corsHeaders(requestHeaders));
}
