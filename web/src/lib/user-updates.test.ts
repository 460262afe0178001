import { describe, expect, it } from 'vitest';
import { trackUserUpdate, userUpdatesSettled } from './user-updates.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('user updates in the background', () => {
  it('lets a sign-out wait until every update started before it has answered', async () => {
    const first = deferred();
    const second = deferred();
    const order: string[] = [];
    void trackUserUpdate(() => first.promise.then(() => order.push('first answered')));
    void trackUserUpdate(() => second.promise).catch(() => order.push('second failed'));
    const signOut = userUpdatesSettled().then(() => order.push('signed out'));
    second.reject(new Error('offline'));
    await Promise.resolve();
    first.resolve();
    await signOut;
    expect(order).toEqual(['second failed', 'first answered', 'signed out']);
  });

  it('does not wait for an update started after the sign-out asked', async () => {
    await userUpdatesSettled();
    const settled = userUpdatesSettled();
    const later = deferred();
    void trackUserUpdate(() => later.promise);
    let done = false;
    void settled.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(true);
    later.resolve();
  });
});
