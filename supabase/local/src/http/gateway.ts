import type { Keys } from '../context.ts';

// The API gateway in front of the services, as hosted Supabase's answers it (DESIGN §13): a
// request to /rest/v1, /auth/v1 or /storage/v1 carries an `apikey` (header or URL parameter)
// that is one of the project's keys, or it is answered 401 before any service sees it. Open, as
// on hosted: what a browser or an e-mail opens without headers (GoTrue's verify, callback and
// authorize links and its JWKS; public and signed storage objects, signed uploads) and CORS
// preflights. /functions/v1 is not behind the key check at all, as on hosted (Supabase's own
// gateway config routes it with CORS only): its gate is the verify_jwt check on Authorization
// (functions/index.ts), and an `apikey` is the function's to read.

const NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const BAD_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

/** Routes (under their prefix) that hosted serves without an apikey. */
function isOpen(prefix: string, path: string, method: string): boolean {
  if (prefix === '/auth/v1') {
    return (
      ['/verify', '/callback', '/authorize', '/.well-known/jwks.json'].includes(path) ||
      path.startsWith('/sso/saml/')
    );
  }
  if (prefix === '/storage/v1') {
    const read = method === 'GET' || method === 'HEAD';
    return (
      (read && /^\/(object|render\/image)\/(public|sign)\//.test(path)) ||
      (/^\/object\/upload\/sign\//.test(path) && (method === 'PUT' || method === 'POST'))
    );
  }
  return false;
}

function refusal(body: typeof NO_KEY): Response {
  return new Response(JSON.stringify(body), {
    status: 401,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * The gateway's 401 for a request to `prefix` + `path`, or null when it may go on to the
 * service. `path` is the part after the prefix ('/' at least).
 */
export function gatewayRefusal(
  prefix: string,
  path: string,
  method: string,
  headers: Headers,
  url: URL,
  keys: Keys,
): Response | null {
  if (method === 'OPTIONS') return null;
  if (prefix === '/functions/v1' || isOpen(prefix, path, method)) return null;
  const key = headers.get('apikey') ?? url.searchParams.get('apikey');
  if (key === null || key === '') return refusal(NO_KEY);
  return key === keys.anonKey || key === keys.serviceRoleKey ? null : refusal(BAD_KEY);
}
