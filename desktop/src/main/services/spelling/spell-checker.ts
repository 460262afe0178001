import { Worker } from 'node:worker_threads';
import type { Misspelling } from '@magyarul/core/spelling';
import { misspellings } from '@magyarul/core/spelling';
import type { Readings } from './hunspell-analyser.ts';
import { hungarianAnalyser } from './hunspell-analyser.ts';
import { hungarianSpelling } from './hunspell-port.ts';

export type SpellWorkerEntry = {
  /** The worker script: built `spell-worker.js`, or the .ts source under tsx in tests. */
  readonly url: URL;
  readonly execArgv?: readonly string[];
};

/** What the worker thread is given at start (`workerData`). */
export type SpellWorkerData = { readonly dictionary: string };

type SpellAsk =
  | { readonly kind: 'check'; readonly texts: readonly string[] }
  | { readonly kind: 'analyse'; readonly words: readonly string[] };
export type SpellRequest = SpellAsk & { readonly id: number };
export type SpellResult = Misspelling[][] | Readings;
export type SpellReply =
  | { readonly id: number; readonly ok: true; readonly result: SpellResult }
  | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * Checks texts' Hungarian spelling and reads words' dictionary forms and endings (hunspell's
 * analyses with the dictionary in `dictionary`, a directory with hu_HU.aff and .dic): in a worker
 * thread of its own when `entry` is given (the studio: started at once, so the spelling dictionary
 * is ready by the time a lesson opens; the analyser's loads on its first request), else in this
 * thread (tests, the command line).
 */
export function createSpellChecker(entry: SpellWorkerEntry | undefined, dictionary: string) {
  if (!entry) {
    return {
      check: async (texts: readonly string[]): Promise<Misspelling[][]> => {
        const port = await hungarianSpelling();
        return texts.map((text) => misspellings(text, port));
      },
      analyse: async (words: readonly string[]): Promise<Readings> =>
        (await hungarianAnalyser(dictionary))(words),
      close: async (): Promise<void> => undefined,
    };
  }
  const worker = new Worker(entry.url, {
    ...(entry.execArgv ? { execArgv: [...entry.execArgv] } : {}),
    workerData: { dictionary } satisfies SpellWorkerData,
  });
  worker.unref();
  const waiting = new Map<
    number,
    { resolve: (r: SpellResult) => void; reject: (e: Error) => void }
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
  const ask = (request: SpellAsk): Promise<SpellResult> =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies SpellRequest);
    });
  return {
    check: async (texts: readonly string[]): Promise<Misspelling[][]> =>
      (await ask({ kind: 'check', texts })) as Misspelling[][],
    analyse: async (words: readonly string[]): Promise<Readings> =>
      (await ask({ kind: 'analyse', words })) as Readings,
    close: async (): Promise<void> => {
      await worker.terminate();
    },
  };
}
