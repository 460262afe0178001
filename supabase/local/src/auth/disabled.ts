// What hosted GoTrue answers for the features this project runs with off (config.toml: no phone
// provider, no SAML/SSO, no manual identity linking, no web3 or OIDC providers, no anonymous
// sign-ins): each its named error, as GoTrue's own checks word it (api.go's route middlewares,
// token.go, token_oidc.go, web3.go, verify.go, pagination.go), instead of a bare 404.
import type { ServerContext } from '../context.ts';
import { AuthError, errors } from './errors.ts';
import { requireUser } from './shared.ts';

/** The issuers GoTrue names for the built-in OIDC providers of the id_token grant. */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  apple: 'https://appleid.apple.com',
};

/**
 * The named error of a route of a disabled feature, or null for every other route: /sso (SAML
 * 2.0), /user/identities (after the caller is authenticated, as GoTrue checks it).
 */
export async function disabledRoute(
  req: Request,
  path: string,
  ctx: ServerContext,
): Promise<AuthError | null> {
  if (path === '/sso' || path.startsWith('/sso/')) {
    return new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  }
  if (path === '/user/identities' || path.startsWith('/user/identities/')) {
    await requireUser(req, ctx);
    return new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  }
  return null;
}

/** The named error of a token grant of a disabled provider, or null for any other grant. */
export function disabledGrant(
  grant: string | null,
  body: Record<string, unknown>,
): AuthError | null {
  if (grant === 'web3') {
    return new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
  }
  if (grant === 'id_token') {
    const provider = typeof body.provider === 'string' ? body.provider : '';
    const issuer =
      typeof body.issuer === 'string' && body.issuer !== '' ? body.issuer : ISSUERS[provider];
    if (issuer === undefined) {
      return errors.validation(`Custom OIDC provider "${provider}" not allowed`);
    }
    return new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  }
  if (grant === 'password' && typeof body.phone === 'string' && body.phone !== '' && !body.email) {
    return new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  return null;
}

/**
 * GET /admin/users' page and per_page as GoTrue parses them (strconv.ParseUint): a value that
 * is not an unsigned integer is a 400 with Go's own wording.
 */
export function pageParameter(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^[0-9]+$/.test(value)) {
    throw errors.validation(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  if (BigInt(value) > 18446744073709551615n) {
    throw errors.validation(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": value out of range`,
    );
  }
  return Number(value);
}
