// The offline store (issue 13 point 5): one IndexedDB database, three object stores.
//
//   reads    the last answer of a learner read, keyed by what was asked (a downloaded lesson's
//            rows, the dashboard's lists), so a page can show it without a connection
//   lessons  one record per downloaded lesson and learner: what was stored and its size
//   queue    progress steps made offline (answers, audio completion, sessions), in the order they
//            happened (an auto-increment key), sent when the connection is back
//
// IndexedDB survives a closed tab and a reload, which is why the queue lives here and not in
// memory or sessionStorage.

const DB_NAME = 'magyarul-offline';
const DB_VERSION = 1;

export type StoreName = 'reads' | 'lessons' | 'queue';

let opening: Promise<IDBDatabase> | undefined;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('reads')) db.createObjectStore('reads');
      if (!db.objectStoreNames.contains('lessons')) db.createObjectStore('lessons');
      if (!db.objectStoreNames.contains('queue')) {
        db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema: let it, and open again on next use.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

/** Runs `work` in one transaction and resolves once the transaction has committed. */
export async function transact<T>(
  stores: StoreName | StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openOfflineDb();
  const tx = db.transaction(stores, mode, { durability: 'strict' });
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const result = await work(tx);
  await done;
  return result;
}

export function idbGet<T>(store: StoreName, key: IDBValidKey): Promise<T | undefined> {
  return transact(store, 'readonly', (tx) =>
    promised(tx.objectStore(store).get(key) as IDBRequest<T | undefined>),
  );
}

export function idbPut(store: StoreName, value: unknown, key?: IDBValidKey): Promise<void> {
  return transact(store, 'readwrite', async (tx) => {
    await promised(tx.objectStore(store).put(value, key));
  });
}

export function idbDelete(store: StoreName, key: IDBValidKey | IDBKeyRange): Promise<void> {
  return transact(store, 'readwrite', async (tx) => {
    await promised(tx.objectStore(store).delete(key));
  });
}

/** Every value in a store, in key order. */
export function idbAll<T>(store: StoreName, range?: IDBKeyRange): Promise<T[]> {
  return transact(store, 'readonly', (tx) =>
    promised(tx.objectStore(store).getAll(range) as IDBRequest<T[]>),
  );
}

/** Keys in a store, in key order, within `range`. */
export function idbKeys(store: StoreName, range?: IDBKeyRange): Promise<IDBValidKey[]> {
  return transact(store, 'readonly', (tx) => promised(tx.objectStore(store).getAllKeys(range)));
}

/** Keys starting with `prefix` (string keys). */
export function prefixRange(prefix: string): IDBKeyRange {
  return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
}

export { promised };
