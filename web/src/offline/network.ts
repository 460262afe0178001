// Telling "no connection" apart from "the server said no": only the first falls back to the
// device's copy or waits in the queue; a refusal is shown as before.

/** The browser knows it has no network (Playwright's offline mode, flight mode). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

type ErrorShape = { name?: unknown; message?: unknown; code?: unknown; status?: unknown };

/**
 * An error that means the request never got an answer: fetch's TypeError, supabase-js's
 * FunctionsFetchError, an abort or time-out, or the PostgREST client's "TypeError: Failed to
 * fetch" (which comes back as an error object without an HTTP status).
 */
export function isNetworkError(error: unknown): boolean {
  if (browserOffline()) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as ErrorShape;
  const name = typeof e.name === 'string' ? e.name : '';
  if (['TypeError', 'FunctionsFetchError', 'AbortError', 'TimeoutError'].includes(name)) {
    return true;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  const hasStatus = typeof e.status === 'number' && e.status > 0;
  return (
    !hasStatus &&
    /failed to fetch|networkerror|network request failed|load failed|fetch failed|aborted|timed? ?out/i.test(
      message,
    )
  );
}
