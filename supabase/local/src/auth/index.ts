import type { ServerContext, Service } from '../context.ts';
import { adminRoute } from './admin.ts';
import { factorsRoute } from './factors.ts';
import { jwks } from './jwks.ts';
import { reauthenticate } from './reauthenticate.ts';
import { AuthError, authErrorResponse, authJson, authNoContent, errors } from './errors.ts';
import { limitRequest } from './limits.ts';
import { authState } from './options.ts';
import { BadJsonError } from './request.ts';
import { otp, recover, resend } from './email-links.ts';
import { helpers } from './shared.ts';
import { signup } from './signup.ts';
import { token } from './token-grant.ts';
import { disabledRoute } from './disabled.ts';
import { getUser, logout, putUser } from './user-routes.ts';
import { verifyGet, verifyPost } from './verify.ts';

export { configureAuth, type AuthOptions } from './options.ts';

// GoTrue-compatible /auth/v1 (compat doc §3). `path` is the part after /auth/v1. This file routes;
// the endpoints live by role: signup.ts, token-grant.ts (with tokens.ts, pkce.ts), user-routes.ts,
// email-links.ts, verify.ts, reauthenticate.ts, factors.ts, admin.ts; shared.ts holds what they share.

export const authService: Service = async (req, path, ctx) => {
  try {
    return await route(req, path.replace(/\/+$/, '') || '/', ctx);
  } catch (error) {
    if (error instanceof AuthError) return authErrorResponse(error);
    if (error instanceof BadJsonError) return authErrorResponse(errors.badJson(error.message));
    console.error(
      'auth: unexpected error:',
      error instanceof Error ? error.message : String(error),
    );
    return authErrorResponse(errors.unexpected());
  }
};

async function route(req: Request, path: string, ctx: ServerContext): Promise<Response> {
  const method = req.method.toUpperCase();
  if (method === 'OPTIONS') return authNoContent();
  limitRequest(req, path, ctx);
  const disabled = await disabledRoute(req, path, ctx);
  if (disabled) throw disabled;
  if (path.startsWith('/admin/') || path === '/invite') return adminRoute(req, path, ctx, helpers);
  if (path === '/factors' || path.startsWith('/factors/')) {
    return factorsRoute(req, path, ctx, helpers);
  }
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /health':
      return authJson(200, {
        version: 'v2.170.0',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    case 'GET /settings':
      return authJson(200, settings(ctx));
    case 'POST /signup':
      return signup(req, ctx);
    case 'POST /token':
      return token(req, ctx);
    case 'GET /user':
      return getUser(req, ctx);
    case 'PUT /user':
      return putUser(req, ctx);
    case 'POST /logout':
      return logout(req, ctx);
    case 'POST /recover':
      return recover(req, ctx);
    case 'POST /verify':
      return verifyPost(req, ctx);
    case 'GET /verify':
      return verifyGet(req, ctx);
    case 'POST /resend':
      return resend(req, ctx);
    case 'POST /otp':
    case 'POST /magiclink':
      return otp(req, ctx);
    case 'GET /reauthenticate':
      return reauthenticate(req, ctx, helpers);
    case 'GET /.well-known/jwks.json':
      return jwks();
    default:
      throw errors.notFound();
  }
}

function settings(ctx: ServerContext): Record<string, unknown> {
  return {
    external: {
      anonymous_users: false,
      email: authState(ctx).options.enableEmailSignup,
      phone: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      zoom: false,
    },
    disable_signup: !authState(ctx).options.enableSignup,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
