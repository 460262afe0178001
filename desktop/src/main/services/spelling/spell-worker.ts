// Worker-thread entry: hunspell and the Hungarian dictionaries live here, so parsing them (about a
// second each) and checking or analysing a long transcript never hold up the main process's event
// loop (every IPC answer waits on it). The spelling dictionary is loaded at start, the analyser's
// on the first request for it; then one request at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { misspellings } from '@magyarul/core/spelling';
import { hungarianAnalyser } from './hunspell-analyser.ts';
import { hungarianSpelling } from './hunspell-port.ts';
import type { SpellReply, SpellRequest, SpellResult, SpellWorkerData } from './spell-checker.ts';

const { dictionary } = workerData as SpellWorkerData;
const spelling = hungarianSpelling();

async function answer(request: SpellRequest): Promise<SpellResult> {
  if (request.kind === 'analyse') return (await hungarianAnalyser(dictionary))(request.words);
  const port = await spelling;
  return request.texts.map((text) => misspellings(text, port));
}

parentPort?.on('message', (request: SpellRequest) => {
  answer(request).then(
    (result) => parentPort?.postMessage({ id: request.id, ok: true, result } satisfies SpellReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies SpellReply),
  );
});
