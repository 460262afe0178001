import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.ts';
import { readBackendConfig } from './config.ts';

export type AppClient = SupabaseClient<Database>;

let clientPromise: Promise<AppClient> | undefined;

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
    const code = typeof e.code === 'string' && e.code ? e.code : 'internal';
    const status = typeof e.status === 'number' ? e.status : undefined;
    return new AppError(message, code, status);
  }
  return new AppError(String(error), 'internal');
}
