import type { SpellingPort } from '@magyarul/core/spelling';

let loading: Promise<SpellingPort> | null = null;

/**
 * Hunspell (compiled to WebAssembly, npm `hunspell-asm`) with the Hungarian dictionary of npm
 * `dictionary-hu` (Magyar Ispell, MPL 1.1 / LGPL 2.1 / GPL 2.0): both ship with the studio in
 * its node_modules, nothing is read from the machine's own dictionaries. Loaded once, on first
 * use (about a second: the dictionary is 3.7 MB).
 */
export function hungarianSpelling(): Promise<SpellingPort> {
  loading ??= (async () => {
    const [{ loadModule }, { default: dictionary }] = await Promise.all([
      import('hunspell-asm'),
      import('dictionary-hu'),
    ]);
    const factory = await loadModule();
    const hunspell = factory.create(
      factory.mountBuffer(dictionary.aff, 'hu_HU.aff'),
      factory.mountBuffer(dictionary.dic, 'hu_HU.dic'),
    );
    return {
      correct: (word: string) => hunspell.spell(word),
      suggest: (word: string) => hunspell.suggest(word),
    };
  })();
  return loading;
}
