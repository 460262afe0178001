import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.ts';
import { readBackendConfig } from './config.ts';

export type AppClient = SupabaseClient<Database>;

let clientPromise: Promise<AppClient> | undefined;

/**
 * How long a read of the REST API may take before the app gives up on it. With one quick retry
 * (lib/query.ts) a list or a lesson gives up within 5 s on a dead network (issue 13) instead of
 * waiting out supabase-js's own backoff (1 + 2 + 4 s per try).
 */
export const READ_TIMEOUT_MS = 3500;

/**
 * fetch with a deadline for REST reads (GET and HEAD on /rest/v1). Writes, auth, storage and
 * functions keep the browser's own timing: a write must not be cut off half-way, and uploads
 * and downloads may rightly take long.
 */
export function timedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if ((method !== 'GET' && method !== 'HEAD') || !url.includes('/rest/v1/')) {
    return fetch(input, init);
  }
  const controller = new AbortController();
  const outer = init?.signal;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer = window.setTimeout(
    () => controller.abort(new DOMException('The read took too long', 'TimeoutError')),
    READ_TIMEOUT_MS,
  );
  return fetch(input, { ...init, signal: controller.signal }).finally(() => {
    window.clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  });
}

/**
 * The one typed client. supabase-js is loaded on first use rather than at start so the landing
 * page can paint before the library (about a third of the app's JavaScript) arrives.
 */
export function getSupabase(): Promise<AppClient> {
  clientPromise ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { url, anonKey } = readBackendConfig();
    return createClient<Database>(url, anonKey, {
      // PKCE, the flow Supabase recommends for browser apps: e-mail links come back with a
      // one-time ?code= that only this browser (holding the verifier) can turn into a session.
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
      // The pages decide about retries (lib/query.ts); supabase-js's own would add 7 s.
      db: { retry: false },
      global: { fetch: timedFetch },
    });
  });
  return clientPromise;
}

/** An error from a supabase-js call, carrying what the UI may branch on. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  constructor(message: string, code: string, status?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}

type ErrorLike = { message?: unknown; code?: unknown; status?: unknown };

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (typeof error === 'object' && error !== null) {
    const e = error as ErrorLike;
    const message = typeof e.message === 'string' && e.message ? e.message : 'internal';
    // supabase-js turns a fetch that never got an answer into { message: 'Name: text', code: '' }.
    const transport = /^(TimeoutError|AbortError)\b/.test(message)
      ? 'timeout'
      : /^(TypeError|FetchError)\b/.test(message)
        ? 'network'
        : null;
    const code = typeof e.code === 'string' && e.code ? e.code : (transport ?? 'internal');
    const status = typeof e.status === 'number' ? e.status : undefined;
    return new AppError(message, code, status);
  }
  return new AppError(String(error), 'internal');
}
