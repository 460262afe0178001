/**
 * The learner's own updates of their account that run in the background (the interface language
 * kept in the user metadata). supabase-js (2.119, lockless) saves the session again when such an
 * update answers, also when a sign-out cleared it meanwhile: the learner who just signed out (or
 * whose password reset signed them out) would be signed in again. A sign-out waits for these first.
 */
let pending: Promise<unknown> = Promise.resolve();

/** Runs `update`, and makes every later `userUpdatesSettled()` wait for it. */
export function trackUserUpdate<T>(update: () => Promise<T>): Promise<T> {
  const running = update();
  const before = pending;
  pending = Promise.all([before, running.catch(() => undefined)]);
  return running;
}

/** Resolves once every update started before has answered (or failed). */
export function userUpdatesSettled(): Promise<unknown> {
  return pending;
}
