/// <reference lib="webworker" />
// The review editor's spelling thread: hunspell (WebAssembly, npm `hunspell-asm`) with the
// Hungarian dictionary of npm `dictionary-hu`, the studio's pair. Parsing the 3.7 MB dictionary
// takes about a second, so it happens here, once, and never holds up the page. The dictionary
// files are this build's own assets (fetched from this origin, not precached for learners).
// Served with its own CSP (script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'): a
// worker runs under its script's policy, and hunspell is WebAssembly.
import { loadModule } from 'hunspell-asm';
import affUrl from '@dictionary-hu/index.aff?url';
import dicUrl from '@dictionary-hu/index.dic?url';
import { misspellings, type SpellingPort } from '@magyarul/core/spelling';
import type { SpellReply, SpellRequest } from './spell-protocol.ts';

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
const loading = load();
// An unhandled rejection would be reported once per request below instead.
loading.catch(() => undefined);

scope.onmessage = (event: MessageEvent<SpellRequest>) => {
  const { id, texts, names } = event.data;
  loading.then(
    (port) =>
      scope.postMessage({
        id,
        ok: true,
        result: texts.map((text) => misspellings(text, port, { names })),
      } satisfies SpellReply),
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies SpellReply),
  );
};
