import { idbGet, idbPut } from './idb.ts';
import { browserOffline, isNetworkError } from './network.ts';

// Reads that keep working without a connection: the network answer when there is one (stored
// on this device when `keep` says so), the stored answer when there is none.

export type StoredRead<T> = { readonly value: T; readonly at: string };

/** Thrown when there is no connection and nothing stored for the read. */
export class OfflineUnavailableError extends Error {
  readonly code = 'offline';
  constructor(key: string) {
    super(`No connection, and ${key} is not stored on this device`);
    this.name = 'OfflineUnavailableError';
  }
}

export async function storedRead<T>(key: string): Promise<T | undefined> {
  try {
    return (await idbGet<StoredRead<T>>('reads', key))?.value;
  } catch (error) {
    // Private windows and blocked storage: the app still works online.
    console.warn('The offline store could not be read', error);
    return undefined;
  }
}

export async function storeRead<T>(key: string, value: T): Promise<void> {
  try {
    await idbPut('reads', { value, at: new Date().toISOString() } satisfies StoredRead<T>, key);
  } catch (error) {
    console.warn('The offline store could not be written', error);
  }
}

/**
 * `network()` when online; on no connection the copy stored under `key`. `keep` decides after a
 * network answer whether to store it (true: always; a function: asked each time, e.g. "is the
 * lesson downloaded?").
 */
export async function readThrough<T>(
  key: string,
  network: () => Promise<T>,
  keep: boolean | (() => Promise<boolean>) = true,
): Promise<T> {
  return (await readThroughSource(key, network, keep)).value;
}

/** readThrough, saying whether the answer is this device's copy. */
export async function readThroughSource<T>(
  key: string,
  network: () => Promise<T>,
  keep: boolean | (() => Promise<boolean>) = true,
): Promise<{ value: T; fromDevice: boolean }> {
  if (browserOffline()) {
    const stored = await storedRead<T>(key);
    if (stored !== undefined) return { value: stored, fromDevice: true };
    throw new OfflineUnavailableError(key);
  }
  let value: T;
  try {
    value = await network();
  } catch (error) {
    if (isNetworkError(error)) {
      const stored = await storedRead<T>(key);
      if (stored !== undefined) return { value: stored, fromDevice: true };
    }
    throw error;
  }
  if (keep === true || (typeof keep === 'function' && (await keep()))) {
    await storeRead(key, value);
  }
  return { value, fromDevice: false };
}
