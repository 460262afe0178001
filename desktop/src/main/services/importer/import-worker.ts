// Worker-thread entry: imports (hashing, WebAssembly decoding and peaks, CSV parsing, SQLite
// writes) run here so neither the UI nor the main process's event loop waits on them. The
// thread lives as long as the studio: it loads the MP3 decoder at start, then serves one import
// request at a time, each with its own connection to the drafts file (WAL lets the main thread
// keep reading meanwhile). The same script, started with the helper role, is the thread that
// decodes the second half of a long MP3 dialogue while this one decodes the first.
import { parentPort, workerData } from 'node:worker_threads';
import { warmMp3Decoder } from '../audio/mp3-decode.ts';
import { MP3_HELPER_ROLE, serveMp3Parts, startMp3Helper } from '../audio/mp3-helper.ts';
import { openDraftsStore } from '../drafts/drafts-store.ts';
import { importRoot } from './import-root.ts';
import type { WorkerMessage, WorkerRequest } from './run-import.ts';

const post = (message: WorkerMessage): void => parentPort?.postMessage(message);
const isHelper = (workerData as { role?: string } | null)?.role === MP3_HELPER_ROLE;
let queue: Promise<void> = Promise.resolve();
if (isHelper) serveMp3Parts();
else {
  startMp3Helper(new URL(import.meta.url));
  queue = warmMp3Decoder().then(() => post({ type: 'ready' }));
}

async function serve(request: WorkerRequest): Promise<void> {
  const { id, input } = request;
  const store = openDraftsStore(input.dbFile);
  try {
    const report = await importRoot(input.root, store, {
      onProgress: (progress) => post({ type: 'progress', id, progress }),
      ...(input.concurrency === undefined ? {} : { concurrency: input.concurrency }),
    });
    post({ type: 'done', id, report });
  } catch (error) {
    post({ type: 'error', id, message: (error as Error).message });
  } finally {
    store.db.close();
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  if (isHelper || request.type !== 'import') return;
  queue = queue.then(
    () => serve(request),
    () => serve(request),
  );
});
