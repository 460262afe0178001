import { Worker } from 'node:worker_threads';
import type { Misspelling } from '@magyarul/core/spelling';
import { misspellings } from '@magyarul/core/spelling';
import { hungarianSpelling } from './hunspell-port.ts';

export type SpellWorkerEntry = {
  /** The worker script: built `spell-worker.js`, or the .ts source under tsx in tests. */
  readonly url: URL;
  readonly execArgv?: readonly string[];
};

export type SpellRequest = { readonly id: number; readonly texts: readonly string[] };
export type SpellReply =
  | { readonly id: number; readonly ok: true; readonly result: Misspelling[][] }
  | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * Checks texts' Hungarian spelling: in a worker thread of its own when `entry` is given (the
 * studio: started at once, so the dictionary is ready by the time a lesson opens), else in this
 * thread (tests, the command line).
 */
export function createSpellChecker(entry: SpellWorkerEntry | undefined) {
  if (!entry) {
    return {
      check: async (texts: readonly string[]): Promise<Misspelling[][]> => {
        const port = await hungarianSpelling();
        return texts.map((text) => misspellings(text, port));
      },
      close: async (): Promise<void> => undefined,
    };
  }
  const worker = new Worker(entry.url, entry.execArgv ? { execArgv: [...entry.execArgv] } : {});
  worker.unref();
  const waiting = new Map<
    number,
    { resolve: (r: Misspelling[][]) => void; reject: (e: Error) => void }
  >();
  let next = 1;
  worker.on('message', (reply: SpellReply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) pending?.resolve(reply.result);
    else pending?.reject(new Error(reply.message));
  });
  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) =>
    failAll(new Error(`the spelling thread stopped (exit code ${code})`)),
  );
  return {
    check: (texts: readonly string[]): Promise<Misspelling[][]> =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, texts } satisfies SpellRequest);
      }),
    close: async (): Promise<void> => {
      await worker.terminate();
    },
  };
}
