/** The message of an error of any kind (Supabase's errors are plain objects). */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** Rejects with the Supabase error; the caller turns it into a failed item. */
export function check<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw new Error(errorText(result.error));
  return result.data;
}
