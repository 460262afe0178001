// Debian's dictionaries through the hunspell command: Hungarian (hunspell-hu) spelling and stems,
// and German (hunspell-de-de) and Spanish (hunspell-es) spelling for the translations. One
// process per call with every word on its own line, so checking the whole course is one spawn,
// not one per word.
import { execFileSync } from 'node:child_process';

/** The dictionaries the course is checked with: Debian's hu_HU, de_DE and es_ES. */
export type Dictionary = 'hu_HU' | 'de_DE' | 'es_ES';

const PACKAGES: Readonly<Record<Dictionary, string>> = {
  hu_HU: 'hunspell-hu',
  de_DE: 'hunspell-de-de',
  es_ES: 'hunspell-es',
};

function run(
  args: readonly string[],
  words: readonly string[],
  dictionary: Dictionary = 'hu_HU',
): string {
  try {
    return execFileSync('hunspell', ['-d', dictionary, '-i', 'UTF-8', ...args], {
      input: `${words.join('\n')}\n`,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    }).toString('utf8');
  } catch (cause) {
    throw new Error(
      `hunspell with the ${dictionary} dictionary is needed for the course check ` +
        `(Debian: apt-get install hunspell ${PACKAGES[dictionary]})`,
      { cause },
    );
  }
}

/**
 * The words the dictionary (hunspell-hu unless given) does not accept, in input order without
 * duplicates. Case counts: de_DE rejects a noun written in lower case (frühstück, rezept).
 */
export function misspelled(words: readonly string[], dictionary: Dictionary = 'hu_HU'): string[] {
  const unique = [...new Set(words)];
  if (unique.length === 0) return [];
  return [
    ...new Set(
      run(['-l'], unique, dictionary)
        .split('\n')
        .map((w) => w.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Every dictionary form hunspell-hu gives for each word (`kávét` → kávé, `vagyok` → van), lower
 * case; a word it does not know maps to no stems.
 */
export function stems(words: readonly string[]): Map<string, string[]> {
  const unique = [...new Set(words)];
  const result = new Map<string, string[]>(unique.map((w) => [w, []]));
  if (unique.length === 0) return result;
  // The output is one block per input word, blocks separated by an empty line; a line is
  // "word stem", or just "word" when the word is unknown.
  const blocks = run(['-s'], unique).split('\n\n');
  unique.forEach((word, index) => {
    const found = new Set<string>();
    for (const line of (blocks[index] ?? '').split('\n')) {
      const [, stem] = line.trim().split(/\s+/u);
      if (stem) found.add(stem.toLowerCase());
    }
    result.set(word, [...found]);
  });
  return result;
}

/**
 * hunspell-hu's morphological readings of each word (`hunspell -m`: "st:ház po:noun is:INE"),
 * one line per reading; a word it does not know maps to none.
 */
export function readings(words: readonly string[]): Map<string, string[]> {
  const unique = [...new Set(words)];
  const result = new Map<string, string[]>(unique.map((w) => [w, []]));
  if (unique.length === 0) return result;
  const blocks = run(['-m'], unique).split('\n\n');
  unique.forEach((word, index) => {
    const lines = (blocks[index] ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes(' st:'));
    result.set(word, lines);
  });
  return result;
}
