import { Worker } from 'node:worker_threads';
import type { AlignedLine } from '@magyarul/core/align';
import type { AlignFileRequest } from './align-file.ts';
import { alignFile } from './align-file.ts';

export type AlignWorkerEntry = {
  /** The worker script: built `align-worker.js`, or the .ts source under tsx in tests. */
  readonly url: URL;
  readonly execArgv?: readonly string[];
};

type Reply = { ok: true; lines: AlignedLine[] } | { ok: false; message: string };

/** `alignFile` in a worker thread of its own when `entry` is given, else in this thread. */
export function runAlign(
  request: AlignFileRequest,
  entry: AlignWorkerEntry | undefined,
): Promise<AlignedLine[]> {
  if (!entry) return alignFile(request);
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.url, {
      workerData: request,
      ...(entry.execArgv ? { execArgv: [...entry.execArgv] } : {}),
    });
    let settled = false;
    worker.once('message', (reply: Reply) => {
      settled = true;
      void worker.terminate();
      if (reply.ok) resolve(reply.lines);
      else reject(new Error(reply.message));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the alignment thread stopped (exit code ${code})`));
    });
  });
}
