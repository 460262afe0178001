import { Worker } from 'node:worker_threads';
import type { ImportProgress, ImportReport } from '../../../shared/model.ts';

export type WorkerInput = { root: string; dbFile: string; concurrency?: number };

/** Main → worker. */
export type WorkerRequest = { type: 'import'; id: number; input: WorkerInput };
/** Worker → main: `ready` once its decoders are loaded, then per request. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: ImportProgress }
  | { type: 'done'; id: number; report: ImportReport }
  | { type: 'error'; id: number; message: string };

export type ImportWorkerEntry = {
  /** The worker script: built `import-worker.js`, or the .ts source under tsx in tests. */
  readonly url: URL;
  readonly execArgv?: readonly string[];
};

type Pending = {
  resolve: (report: ImportReport) => void;
  reject: (error: Error) => void;
  onProgress: (progress: ImportProgress) => void;
};

/**
 * One long-lived import worker thread. It is started by `warm()` (the studio does so at once)
 * so that by the time the author presses Import, the thread, SQLite and the WebAssembly MP3
 * decoder are loaded: the import itself is what the author waits for. A worker that dies is
 * replaced on the next import; its pending imports fail with the reason.
 */
export function createImportRunner(entry: ImportWorkerEntry) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const [id, job] of pending) {
      pending.delete(id);
      job.reject(error);
    }
  };

  const start = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(entry.url, entry.execArgv ? { execArgv: [...entry.execArgv] } : {});
    thread.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') return;
      const job = pending.get(message.id);
      if (!job) return;
      if (message.type === 'progress') job.onProgress(message.progress);
      else {
        pending.delete(message.id);
        if (message.type === 'done') job.resolve(message.report);
        else job.reject(new Error(message.message));
      }
    });
    thread.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`Import worker exited with code ${code}`));
    });
    worker = thread;
    return thread;
  };

  return {
    /** Starts the worker (and its decoders) ahead of the first import. */
    warm(): void {
      start();
    },
    run(input: WorkerInput, onProgress: (progress: ImportProgress) => void): Promise<ImportReport> {
      const thread = start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        const request: WorkerRequest = { type: 'import', id, input };
        thread.postMessage(request);
      });
    },
    async close(): Promise<void> {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}

/** Runs `importRoot` once in a worker thread of its own and relays its progress. */
export async function runImportInWorker(
  entry: ImportWorkerEntry,
  input: WorkerInput,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const runner = createImportRunner(entry);
  try {
    return await runner.run(input, onProgress);
  } finally {
    await runner.close();
  }
}
