/**
 * The learner's own updates of their account that run in the background (the interface language
 * kept in the user metadata). supabase-js (2.119, lockless) saves the session again when such an
 * update answers, also when a sign-out cleared it meanwhile: the learner who just signed out (or
 * whose password reset signed them out) would be signed in again. So a sign-out waits for the
 * updates in flight, and no update starts while a sign-out is under way.
 */
let pending: Promise<unknown> = Promise.resolve();
let signingOut = 0;

/** Runs `update`, unless a sign-out is under way (then null, nothing sent). */
export function trackUserUpdate<T>(update: () => Promise<T>): Promise<T | null> {
  if (signingOut > 0) return Promise.resolve(null);
  const running = update();
  pending = Promise.all([pending, running.catch(() => undefined)]);
  return running;
}

/** Signs out once every update started before has answered (or failed). */
export async function signOutAfterUpdates<T>(signOut: () => Promise<T>): Promise<T> {
  signingOut += 1;
  try {
    await pending;
    return await signOut();
  } finally {
    signingOut -= 1;
  }
}
