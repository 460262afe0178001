import { describe, expect, it } from 'vitest';
import { afterUserUpdates, trackUserUpdate } from './user-updates.ts';

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
  it('signs out only after every update started before it has answered or failed', async () => {
    const first = deferred();
    const second = deferred();
    const order: string[] = [];
    void trackUserUpdate(() => first.promise.then(() => order.push('first answered')));
    void trackUserUpdate(() => second.promise).catch(() => order.push('second failed'));
    const signOut = afterUserUpdates(async () => order.push('signed out'));
    second.reject(new Error('offline'));
    await Promise.resolve();
    first.resolve();
    await signOut;
    expect(order).toEqual(['second failed', 'first answered', 'signed out']);
  });

  it('starts no update while a change of the session is under way, and updates again after it', async () => {
    const signOutAnswer = deferred();
    const sent: string[] = [];
    const signOut = afterUserUpdates(() => signOutAnswer.promise);
    expect(await trackUserUpdate(async () => sent.push('during'))).toBeNull();
    signOutAnswer.resolve();
    await signOut;
    expect(await trackUserUpdate(async () => sent.push('after'))).toBe(1);
    expect(sent).toEqual(['after']);
  });

  it('ends that state when the change fails', async () => {
    await expect(afterUserUpdates(() => Promise.reject(new Error('network')))).rejects.toThrow(
      'network',
    );
    expect(await trackUserUpdate(async () => 'sent')).toBe('sent');
  });
});
