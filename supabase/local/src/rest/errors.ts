// PostgREST error bodies and the SQLSTATE → HTTP status table (compat §2.6).

export type ErrorBody = {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function apiError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(status, { code, message, details, hint }, headers);
}

type PgErrorLike = {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
};

export function isPgError(error: unknown): error is Error & PgErrorLike {
  return (
    error instanceof Error &&
    typeof (error as PgErrorLike).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code as string)
  );
}

export function statusForSqlState(code: string, role: string, message: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '22023' && /role .* does not exist/.test(message)) return 401;
  if (code === '21000' && message.includes('requires a WHERE clause')) return 400;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code.startsWith('PT')) {
    const n = Number(code.slice(2));
    return n >= 100 && n <= 599 ? n : 500;
  }
  if (code === '53400') return 500;
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case 'P0':
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromPgError(error: Error & PgErrorLike, role: string): ApiError {
  const code = String(error.code);
  const message = typeof error.message === 'string' ? error.message : 'Database error';
  const status = statusForSqlState(code, role, message);
  const headers: Record<string, string> = {};
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  return new ApiError(
    status,
    {
      code,
      message,
      details: typeof error.detail === 'string' && error.detail !== '' ? error.detail : null,
      hint: typeof error.hint === 'string' && error.hint !== '' ? error.hint : null,
    },
    headers,
  );
}
