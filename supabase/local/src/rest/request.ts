import type { Keys, ServerConfig } from '../context.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import { type ApiError, apiError } from './errors.ts';
import { hasAggregates, type ParsedQuery } from './parser.ts';

// What a request brings: its credentials (apikey / bearer JWT), its JSON body and the
// features its select may use.

export type Auth = { role: string; claims: JwtClaims };

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): ApiError {
  return apiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

export function authenticate(headers: Headers, keys: Keys): Auth {
  const apikey = headers.get('apikey');
  const authorization = headers.get('authorization');
  let bearer: string | null = null;
  if (authorization) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    if (!match?.[1])
      throw jwtError('PGRST301', 'Expected an Authorization header of the form Bearer <token>');
    bearer = match[1].trim();
  }
  if (!apikey && !bearer) {
    throw apiError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
      {
        'www-authenticate': 'Bearer',
      },
    );
  }
  let token = bearer ?? apikey ?? '';
  // New-format keys are not JWTs: a publishable key (or a bearer repeating it) means anon.
  if (token.startsWith('sb_')) {
    if (apikey && apikey !== token && !apikey.startsWith('sb_')) token = apikey;
    else return { role: 'anon', claims: { role: 'anon' } };
  }
  const result = verifyJwt(token, keys.jwtSecret);
  if (!result.ok) {
    if (result.error.code === 'expired') throw jwtError('PGRST303', 'JWT expired');
    throw jwtError('PGRST301', result.error.message);
  }
  const role =
    typeof result.claims.role === 'string' && result.claims.role !== ''
      ? result.claims.role
      : 'anon';
  return { role, claims: { ...result.claims, role } };
}

export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw apiError(
      400,
      'PGRST102',
      'Empty or invalid json',
      error instanceof Error ? error.message : null,
    );
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** PGRST123: aggregates in select while db-aggregates-enabled is off (the hosted default). */
export function checkAggregates(config: ServerConfig, query: ParsedQuery): void {
  if (!config.dbAggregates && hasAggregates(query.select)) {
    throw apiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
}
