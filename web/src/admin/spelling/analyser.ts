// The review editor's morphological analyser, in its Hungarian thread (spell-worker.ts): hunspell
// (WebAssembly, npm `hunspell-wasm`, whose analyzeWord is Hunspell_analyze) with Debian's
// hunspell-hu dictionary, which carries the morphological fields (core/dictionaries/hu_HU). Loaded
// on the first request only: a spelling check alone never fetches it (3.7 MB, admin-only assets
// like the spelling dictionary).
import { createHunspellFromStrings, type Hunspell } from 'hunspell-wasm';
import affUrl from '@hu-morphology/hu_HU.aff?url';
import dicUrl from '@hu-morphology/hu_HU.dic?url';

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  // The rules are UTF-8 (SET UTF-8); only the .aff's header comment is Latin-2.
  return new TextDecoder('utf-8').decode(await response.arrayBuffer());
}

let loading: Promise<Hunspell> | null = null;

/** hunspell's readings of each word (" st:megy po:vrb is:PRES_INDIC_INDEF_PL_1"), by word. */
export async function analyseWords(words: readonly string[]): Promise<Record<string, string[]>> {
  loading ??= Promise.all([text(affUrl), text(dicUrl)]).then(([aff, dic]) =>
    createHunspellFromStrings(aff, dic),
  );
  // A failed load is tried again on the next request.
  const hunspell = await loading.catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const readings: Record<string, string[]> = {};
  for (const word of words) readings[word] = hunspell.analyzeWord(word.normalize('NFC'));
  return readings;
}
