// Request/response plumbing shared by the edge functions: CORS on every response, JSON bodies,
// errors as { code, message }. Web APIs only, so the same code runs on Deno and Node.
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.ts';

export type Env = Record<string, string | undefined>;
export type Handler = (req: Request, env: Env) => Promise<Response>;
export type UserClient = SupabaseClient<Database>;

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-region, traceparent, tracestate, baggage',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return json({ code: error.code, message: error.message }, error.status);
  }
  console.error('edge function failed', error);
  return json({ code: 'internal', message: 'An unexpected error occurred' }, 500);
}

/** Wraps a handler: OPTIONS preflight, POST only, errors to JSON. */
export function endpoint(run: (req: Request, env: Env) => Promise<unknown>): Handler {
  return async (req, env) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    if (req.method !== 'POST') {
      return json({ code: 'method_not_allowed', message: 'Use POST' }, 405);
    }
    try {
      return json(await run(req, env));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** The JSON object body; an empty body is {}. */
export async function readBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_body', 'The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new HttpError(400, 'invalid_argument', `${name} must be a uuid`);
  }
  return value;
}

export function optionalUuidField(body: Record<string, unknown>, name: string): string | null {
  return body[name] === undefined || body[name] === null ? null : uuidField(body, name);
}

export function intField(
  body: Record<string, unknown>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(
      400,
      'invalid_argument',
      `${name} must be an integer from ${min} to ${max}`,
    );
  }
  return value;
}

export function boolField(body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') {
    throw new HttpError(400, 'invalid_argument', `${name} must be true or false`);
  }
  return value;
}

function requireEnv(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The signed-in caller: a supabase-js client that acts with the caller's JWT (so RLS and the
 * RPCs' auth.uid() checks decide every read and write) and the user id from that JWT. The
 * token is not verified here but by PostgREST on every use: the functions run with verify_jwt
 * off (supabase/config.toml says why), so each handler makes a database call with this client
 * before anything else has an effect, and a forged or expired token ends there with 401. The
 * id is only used after that, to name things (the FSRS fuzz seed).
 */
export function callerClient(req: Request, env: Env): { client: UserClient; userId: string } {
  const authorization = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
  let userId: string | undefined;
  if (token) {
    const payload = token.split('.')[1];
    if (payload) {
      try {
        const claims = JSON.parse(base64UrlDecode(payload)) as { sub?: unknown; role?: unknown };
        if (typeof claims.sub === 'string' && claims.role === 'authenticated') userId = claims.sub;
      } catch {
        userId = undefined;
      }
    }
  }
  if (!token || !userId) {
    throw new HttpError(401, 'not_authenticated', 'Sign in to use this function');
  }
  const client = createClient<Database>(
    requireEnv(env, 'SUPABASE_URL'),
    requireEnv(env, 'SUPABASE_ANON_KEY'),
    {
      global: { headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    },
  );
  return { client, userId };
}

/**
 * The caller, verified: the bearer token is checked by the auth service (signature, expiry and
 * a live session), not just decoded. For functions that then write with the service role, so
 * the user id they act for must be proven, not claimed.
 */
export async function verifiedCaller(req: Request, env: Env): Promise<{ userId: string }> {
  const authorization = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (!token) throw new HttpError(401, 'not_authenticated', 'Sign in to use this function');
  const auth = createClient<Database>(
    requireEnv(env, 'SUPABASE_URL'),
    requireEnv(env, 'SUPABASE_ANON_KEY'),
    { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
  );
  const { data, error } = await auth.auth.getUser(token);
  if (error || !data.user) {
    throw new HttpError(401, 'not_authenticated', 'Sign in to use this function');
  }
  return { userId: data.user.id };
}

/**
 * A client with the service role (bypasses RLS). Only for writes through procedures that are
 * granted to the service role alone and re-check everything themselves.
 */
export function serviceClient(env: Env): UserClient {
  return createClient<Database>(
    requireEnv(env, 'SUPABASE_URL'),
    requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
  );
}

/**
 * A PostgREST error from supabase-js as an HttpError (42501 → 403, 22023/P0001 → 400, the
 * procedures' PT404/PT409/PT429 → 404/409/429).
 */
export function fromDbError(error: { code?: string; message: string }): HttpError {
  if (error.code === '42501') return new HttpError(403, 'forbidden', error.message);
  if (error.code === 'PT404') return new HttpError(404, 'not_found', error.message);
  if (error.code === 'PT409') return new HttpError(409, 'conflict', error.message);
  if (error.code === 'PT429') return new HttpError(429, 'rate_limited', error.message);
  if (error.code === '22023' || error.code === 'P0001' || error.code === '22P02') {
    return new HttpError(400, 'invalid_argument', error.message);
  }
  if (error.code === 'PGRST301' || error.code === 'PGRST303') {
    return new HttpError(401, 'not_authenticated', error.message);
  }
  return new HttpError(500, 'database_error', error.message);
}
