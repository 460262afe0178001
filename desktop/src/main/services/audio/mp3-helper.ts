import { availableParallelism } from 'node:os';
import { Worker, parentPort } from 'node:worker_threads';
import { warmMp3Decoder } from './mp3-decode.ts';
import type { PartDecoder, PartRequest, PartResult } from './mp3-split.ts';
import { decodeMp3Part } from './mp3-split.ts';

type Request = { readonly id: number; readonly request: PartRequest };
type Reply =
  | { readonly id: number; readonly result: PartResult }
  | { readonly id: number; readonly error: string };

/** The role a helper thread is started with (`workerData`), so a worker script can serve it. */
export const MP3_HELPER_ROLE = 'mp3-part';

let partDecoder: PartDecoder | null = null;
let current: Worker | null = null;

/**
 * Starts one helper thread from `url` (a worker script that calls `serveMp3Parts` when started
 * with `workerData.role === MP3_HELPER_ROLE`; the import worker is), which decodes the second half of a long MP3
 * while this thread decodes the first. Nothing happens on a single-core machine. The thread
 * does not keep the process alive and ends with it.
 */
export function startMp3Helper(url: URL, execArgv?: readonly string[]): void {
  if (partDecoder || availableParallelism() < 2) return;
  const helper = new Worker(url, {
    workerData: { role: MP3_HELPER_ROLE },
    // Unless given, the thread runs with this one's options (tsx's loader in the tests).
    ...(execArgv ? { execArgv: [...execArgv] } : {}),
  });
  helper.unref();
  current = helper;
  const pending = new Map<number, (reply: Reply) => void>();
  let nextId = 1;
  const failAll = (message: string) => {
    for (const [id, settle] of pending) settle({ id, error: message });
    pending.clear();
  };
  helper.on('message', (reply: Reply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  helper.on('error', (error) => failAll(error.message));
  helper.on('exit', (code) => {
    if (current === helper) {
      current = null;
      partDecoder = null;
    }
    failAll(`MP3 helper exited with code ${code}`);
  });
  partDecoder = (request) =>
    new Promise<PartResult>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) =>
        'result' in reply ? resolve(reply.result) : reject(new Error(reply.error)),
      );
      helper.postMessage({ id, request } satisfies Request, [request.bytes.buffer as ArrayBuffer]);
    });
}

/** The helper's decoder, once `startMp3Helper` has started one (else null: decode here). */
export function mp3PartDecoder(): PartDecoder | null {
  return partDecoder;
}

/** Ends the helper thread (tests; the studio's ends with its import worker). */
export async function stopMp3Helper(): Promise<void> {
  const helper = current;
  current = null;
  partDecoder = null;
  if (helper) await helper.terminate();
}

/** The helper thread's side: loads the decoder, then decodes parts one at a time. */
export function serveMp3Parts(): void {
  const port = parentPort;
  if (!port) return;
  let queue: Promise<void> = warmMp3Decoder();
  port.on('message', ({ id, request }: Request) => {
    queue = queue.then(async () => {
      try {
        const result = await decodeMp3Part(request);
        port.postMessage({ id, result } satisfies Reply, [result.peaks.buffer as ArrayBuffer]);
      } catch (error) {
        port.postMessage({ id, error: (error as Error).message } satisfies Reply);
      }
    });
  });
}
