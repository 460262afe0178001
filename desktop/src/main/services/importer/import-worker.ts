// Worker-thread entry: the import (hashing, WebAssembly decoding and peaks, CSV parsing, SQLite
// writes) runs here so neither the UI nor the main process's event loop waits on it. It opens
// its own connection to the drafts file; WAL lets the main thread keep reading meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from './import-root.ts';
import type { WorkerMessage, WorkerInput } from './run-import.ts';

const input = workerData as WorkerInput;
const post = (message: WorkerMessage): void => parentPort?.postMessage(message);
const store = openDraftsStore(input.dbFile);
importRoot(input.root, store, {
  onProgress: (progress) => post({ type: 'progress', progress }),
  ...(input.concurrency === undefined ? {} : { concurrency: input.concurrency }),
})
  .then((report) => post({ type: 'done', report }))
  .catch((error: unknown) => post({ type: 'error', message: (error as Error).message }))
  .finally(() => store.db.close());
