import { verifyJwt } from '../jwt.ts';

// Hosted Supabase lets a JWT through to PostgREST, Storage, Auth and Functions only with one of
// its API roles. A token signed with the project secret but claiming another role (`postgres`,
// `supabase_admin`, `authenticator`, …) would otherwise make REST and Storage run as that role,
// so it is refused for every /…/v1 route before a service sees it. Tokens that fail to verify
// are left to the services, which answer them in their own words.

export const API_ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role']);

function tokensOf(headers: Headers): string[] {
  const tokens: string[] = [];
  const bearer = /^bearer\s+(.+)$/i.exec(headers.get('authorization')?.trim() ?? '')?.[1]?.trim();
  if (bearer) tokens.push(bearer);
  const apikey = headers.get('apikey')?.trim();
  if (apikey) tokens.push(apikey);
  return tokens;
}

/** The refusal of a request carrying a valid JWT whose role is not an API role, else null. */
export function refuseForeignRole(headers: Headers, jwtSecret: string): Response | null {
  for (const token of tokensOf(headers)) {
    const verified = verifyJwt(token, jwtSecret);
    if (!verified.ok || !('role' in verified.claims)) continue;
    const role = verified.claims.role;
    if (typeof role === 'string' && API_ROLES.has(role)) continue;
    const message = `Invalid JWT: role ${JSON.stringify(role)} is not allowed`;
    return new Response(
      JSON.stringify({
        code: 401,
        message,
        hint: 'Only the anon, authenticated and service_role roles may call the API.',
      }),
      {
        status: 401,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
        },
      },
    );
  }
  return null;
}
