import { authJson } from './errors.ts';

// GET /.well-known/jwks.json (GoTrue internal/api/jwks.go): the public keys that verify access
// tokens. This backend signs with the HS256 project secret only, and GoTrue never publishes a
// symmetric key, so the list is empty, exactly as on a hosted project without asymmetric keys;
// auth-js's getClaims() then asks GET /user instead of verifying locally.
export function jwks(): Response {
  return authJson(200, { keys: [] }, { 'cache-control': 'public, max-age=600' });
}
