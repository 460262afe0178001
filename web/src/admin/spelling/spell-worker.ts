/// <reference lib="webworker" />
// The review editor's Hungarian thread. Spelling: hunspell (WebAssembly, npm `hunspell-asm`) with the
// Hungarian dictionary of npm `dictionary-hu`, the studio's pair. Parsing the 3.7 MB dictionary
// takes about a second, so it happens here, once, and never holds up the page. The dictionary
// files are this build's own assets (fetched from this origin, not precached for learners).
// Served with its own CSP (script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'): a
// worker runs under its script's policy, and hunspell is WebAssembly. It also answers the
// morphological readings of words (analyser.ts: another hunspell build, another dictionary).
import { loadModule } from 'hunspell-asm';
import affUrl from '@dictionary-hu/index.aff?url';
import dicUrl from '@dictionary-hu/index.dic?url';
import { misspellings, type SpellingPort } from '@magyarul/core/spelling';
import type { SpellReply, SpellRequest } from './spell-protocol.ts';
import { analyseWords } from './analyser.ts';

async function bytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function load(): Promise<SpellingPort> {
  const [factory, aff, dic] = await Promise.all([loadModule(), bytes(affUrl), bytes(dicUrl)]);
  const hunspell = factory.create(
    factory.mountBuffer(aff, 'hu_HU.aff'),
    factory.mountBuffer(dic, 'hu_HU.dic'),
  );
  return {
    correct: (word) => hunspell.spell(word),
    suggest: (word) => hunspell.suggest(word),
  };
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
// Each dictionary is parsed on its first question: a thread asked only for readings (a new
// lesson's proposals) never parses the spelling one. A failed load is tried again.
let loading: Promise<SpellingPort> | null = null;
function spelling(): Promise<SpellingPort> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const failed = (id: number, error: unknown): SpellReply => ({
  id,
  ok: false,
  message: error instanceof Error ? error.message : String(error),
});

scope.onmessage = (event: MessageEvent<SpellRequest>) => {
  const request = event.data;
  const { id } = request;
  if (request.kind === 'analyse') {
    analyseWords(request.words).then(
      (readings) => scope.postMessage({ id, ok: true, readings } satisfies SpellReply),
      (error: unknown) => scope.postMessage(failed(id, error)),
    );
    return;
  }
  spelling().then(
    (port) =>
      scope.postMessage({
        id,
        ok: true,
        result: request.texts.map((text) => misspellings(text, port, { names: request.names })),
      } satisfies SpellReply),
    (error: unknown) => scope.postMessage(failed(id, error)),
  );
};
