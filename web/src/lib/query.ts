import { QueryClient } from '@tanstack/react-query';
import { AppError } from './supabase.ts';

/** Pause before the one retry of a failed read. */
export const RETRY_DELAY_MS = 400;

/**
 * One quick retry for a read that failed fast (a dropped connection, a 500); none after a read
 * that timed out, which has used most of the 5 s a learner waits before the page gives up with
 * its message and a Retry button (issue 13).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof AppError && error.code === 'timeout');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always': without a connection the query functions still run and answer
      // from this device's copy (web/src/offline); TanStack's default would pause them.
      queries: {
        retry: shouldRetryRead,
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
