import { Worker } from 'node:worker_threads';
import type { ImportProgress, ImportReport } from '../../../shared/model.ts';

export type WorkerInput = { root: string; dbFile: string; concurrency?: number };
export type WorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; report: ImportReport }
  | { type: 'error'; message: string };

export type ImportWorkerEntry = {
  /** The worker script: built `import-worker.js`, or the .ts source under tsx in tests. */
  readonly url: URL;
  readonly execArgv?: readonly string[];
};

/** Runs `importRoot` in a worker thread and relays its progress. */
export function runImportInWorker(
  entry: ImportWorkerEntry,
  input: WorkerInput,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.url, {
      workerData: input,
      ...(entry.execArgv ? { execArgv: [...entry.execArgv] } : {}),
    });
    let settled = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'done') {
        settled = true;
        resolve(message.report);
      } else {
        settled = true;
        reject(new Error(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`Import worker exited with code ${code}`));
    });
  });
}
