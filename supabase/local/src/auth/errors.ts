// GoTrue responses: JSON with the API-version header; errors carry both the 2024-01-01 shape
// ({code, message}) and the legacy one ({code: status, error_code, msg}) merged as the compat
// doc §3.5 advises: {code, error_code, msg, message}.

export const API_VERSION = '2024-01-01';

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'x-supabase-api-version': API_VERSION,
  'cache-control': 'no-store',
};

export function authJson(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

export function authNoContent(): Response {
  return new Response(null, { status: 204, headers: { 'x-supabase-api-version': API_VERSION } });
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds to wait before trying again, sent as Retry-After (429 answers). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function authErrorResponse(error: AuthError): Response {
  return authJson(
    error.status,
    {
      code: error.code,
      error_code: error.code,
      msg: error.message,
      message: error.message,
      ...error.extra,
    },
    {
      'x-sb-error-code': error.code,
      ...(error.retryAfterSeconds !== undefined
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : {}),
    },
  );
}

export const errors = {
  badJson: (detail: string) =>
    new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string, status = 400) =>
    new AuthError(status, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    ),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => new AuthError(403, 'bad_jwt', message),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: (status = 403, message = 'User from sub claim in JWT does not exist') =>
    new AuthError(status, 'user_not_found', message),
  sessionNotFound: (
    status = 403,
    message = 'Session from session_id claim in JWT does not exist',
  ) => new AuthError(status, 'session_not_found', message),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  otpExpired: (message = 'Token has expired or is invalid') =>
    new AuthError(403, 'otp_expired', message),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  anonymousDisabled: () =>
    new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  /** GoTrue's 400 with the phone provider off; each route has its own text (signup.go, otp.go, resend.go). */
  phoneDisabled: (message: string) => new AuthError(400, 'phone_provider_disabled', message),
  // GoTrue's texts, with the wait added so a client that only sees the message (supabase-js
  // keeps the message, status and code, not the headers) can say when to try again.
  requestRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      `Request rate limit reached. Try again in ${seconds} seconds.`,
      {},
      seconds,
    ),
  /** The throttle of one account from one address after repeated wrong passwords. */
  signInThrottled: (seconds: number) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
      {},
      seconds,
    ),
  emailRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      seconds,
    ),
  /** Every auth e-mail of the server together is over [auth.rate_limit] email_sent. */
  emailsPerHour: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `Email rate limit exceeded. Try again in ${seconds} seconds.`,
      {},
      seconds,
    ),
  signupDisabled: () =>
    new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  emailSignupDisabled: () =>
    new AuthError(400, 'email_provider_disabled', 'Email signups are disabled'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method not allowed'),
  unexpected: (message = 'Unexpected failure, please check server logs for more information') =>
    new AuthError(500, 'unexpected_failure', message),
};
