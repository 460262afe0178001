// Worker-thread entry: one alignment (decoding, eSpeak NG synthesis, features, DTW) per
// thread, so neither the renderer nor the main process's event loop waits on seconds of
// arithmetic.
import { parentPort, workerData } from 'node:worker_threads';
import type { AlignFileRequest } from './align-file.ts';
import { alignFile } from './align-file.ts';

alignFile(workerData as AlignFileRequest).then(
  (lines) => parentPort?.postMessage({ ok: true, lines }),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    }),
);
