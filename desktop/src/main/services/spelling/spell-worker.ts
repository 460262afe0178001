// Worker-thread entry: hunspell and the Hungarian dictionary live here, so parsing the
// dictionary (about a second) and checking a long transcript never hold up the main process's
// event loop (every IPC answer waits on it). Loaded at start, then one request at a time.
import { parentPort } from 'node:worker_threads';
import { misspellings } from '@magyarul/core/spelling';
import { hungarianSpelling } from './hunspell-port.ts';
import type { SpellReply, SpellRequest } from './spell-checker.ts';

const loading = hungarianSpelling();
parentPort?.on('message', (request: SpellRequest) => {
  loading.then(
    (port) => {
      const reply: SpellReply = {
        id: request.id,
        ok: true,
        result: request.texts.map((text) => misspellings(text, port)),
      };
      parentPort?.postMessage(reply);
    },
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies SpellReply),
  );
});
