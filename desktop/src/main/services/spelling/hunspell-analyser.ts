import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** hunspell's readings of each word asked (`analyzeWord`: " st:megy po:vrb is:…" per reading). */
export type Readings = Record<string, string[]>;
export type Analyse = (words: readonly string[]) => Readings;

const loaded = new Map<string, Promise<Analyse>>();

/**
 * Hunspell (WebAssembly, npm `hunspell-wasm`, whose `analyzeWord` is `Hunspell_analyze`) over the
 * Hungarian dictionary with morphological fields in `dictionary` (core/dictionaries/hu_HU:
 * Debian's hunspell-hu; the built studio has a copy next to its main code). Loaded once per
 * directory, on first use (about half a second); then a word takes well under a millisecond.
 */
export function hungarianAnalyser(dictionary: string): Promise<Analyse> {
  let loading = loaded.get(dictionary);
  if (!loading) {
    loading = (async () => {
      const [{ createHunspellFromStrings }, aff, dic] = await Promise.all([
        import('hunspell-wasm'),
        // The .aff's header comment is Latin-2, its rules UTF-8 (SET UTF-8): read as UTF-8.
        readFile(join(dictionary, 'hu_HU.aff'), 'utf8'),
        readFile(join(dictionary, 'hu_HU.dic'), 'utf8'),
      ]);
      const hunspell = await createHunspellFromStrings(aff, dic);
      return (words) =>
        Object.fromEntries(
          words.map((word) => {
            const nfc = word.normalize('NFC');
            return [nfc, hunspell.analyzeWord(nfc)];
          }),
        );
    })();
    // A failed load (a missing file) is tried again on the next request.
    loading.catch(() => loaded.delete(dictionary));
    loaded.set(dictionary, loading);
  }
  return loading;
}
