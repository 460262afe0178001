/**
 * The learner's own updates of their account that run in the background (the interface language
 * kept in the user metadata). supabase-js (2.119, lockless) saves the session it started with
 * again when such an update answers, also when the session changed meanwhile: the learner who
 * just signed out (or whose password reset signed them out) would be signed in again, and an
 * admin's session raised to aal2 by a verified code would fall back to aal1 (the admin area
 * asked for the code again). So a change of the session (sign-out, a second factor verified, a
 * refresh) waits for the updates in flight, and no update starts while one is under way.
 */
let pending: Promise<unknown> = Promise.resolve();
let changing = 0;

/** Runs `update`, unless a change of the session is under way (then null, nothing sent). */
export function trackUserUpdate<T>(update: () => Promise<T>): Promise<T | null> {
  if (changing > 0) return Promise.resolve(null);
  const running = update();
  pending = Promise.all([pending, running.catch(() => undefined)]);
  return running;
}

/** Changes the session once every update started before has answered (or failed). */
export async function afterUserUpdates<T>(change: () => Promise<T>): Promise<T> {
  changing += 1;
  try {
    await pending;
    return await change();
  } finally {
    changing -= 1;
  }
}
