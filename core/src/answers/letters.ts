// Hungarian letters as a typed answer sees them: which vowels differ only by an accent, which by
// length, which consonants double as digraphs. One table, so the diff and the tests agree.

/** The accented letters of Hungarian, for a row of buttons on keyboards that lack them. */
export const ACCENT_LETTERS = ['á', 'é', 'í', 'ó', 'ö', 'ő', 'ú', 'ü', 'ű'] as const;
export const ACCENT_LETTERS_UPPER = ['Á', 'É', 'Í', 'Ó', 'Ö', 'Ő', 'Ú', 'Ü', 'Ű'] as const;

/**
 * Each vowel: `base`, the letter with every accent removed (what a keyboard without accents
 * types), and `family`, the vowel it is the short or long form of (o/ó are one family, ö/ő
 * another: o and ö are different vowels, not an accent apart).
 */
const VOWELS: Readonly<Record<string, { base: string; family: string; long: boolean }>> = {
  a: { base: 'a', family: 'a', long: false },
  á: { base: 'a', family: 'a', long: true },
  e: { base: 'e', family: 'e', long: false },
  é: { base: 'e', family: 'e', long: true },
  i: { base: 'i', family: 'i', long: false },
  í: { base: 'i', family: 'i', long: true },
  o: { base: 'o', family: 'o', long: false },
  ó: { base: 'o', family: 'o', long: true },
  ö: { base: 'o', family: 'ö', long: false },
  ő: { base: 'o', family: 'ö', long: true },
  u: { base: 'u', family: 'u', long: false },
  ú: { base: 'u', family: 'u', long: true },
  ü: { base: 'u', family: 'ü', long: false },
  ű: { base: 'u', family: 'ü', long: true },
};

export function isVowel(letter: string): boolean {
  return VOWELS[letter.toLowerCase()] !== undefined;
}

export function isConsonant(letter: string): boolean {
  return /^\p{L}$/u.test(letter) && !isVowel(letter);
}

/** A consonant Hungarian writes doubled when long. `y` only ends digraphs (`ggy` doubles g). */
export function canDouble(letter: string): boolean {
  return isConsonant(letter) && letter.toLowerCase() !== 'y';
}

/** How a typed vowel differs from the expected one, or null when they are not one vowel apart. */
export type VowelDifference = 'missingAccent' | 'longVowel' | 'shortVowel' | 'vowelFamily';

/**
 * `jo` for `jó`, `ot` for `öt`: the typed letter has no accent where the expected one has
 * (missingAccent). `ö` for `ő`: same vowel, too short (longVowel: the expected one is long);
 * `ó` for `o`: too long (shortVowel). `ö` for `o`, `ó` for `ö`: another vowel (vowelFamily).
 */
export function vowelDifference(expected: string, typed: string): VowelDifference | null {
  const e = VOWELS[expected.toLowerCase()];
  const t = VOWELS[typed.toLowerCase()];
  if (!e || !t || e === t || e.base !== t.base) return null;
  if (typed.toLowerCase() === t.base) return 'missingAccent';
  if (e.family === t.family) return e.long ? 'longVowel' : 'shortVowel';
  return 'vowelFamily';
}

/** The second letters of Hungarian digraphs by first letter (cs, dz, gy, ly, ny, sz, ty, zs). */
const DIGRAPH_TAILS: Readonly<Record<string, string>> = {
  c: 's',
  d: 'z',
  g: 'y',
  l: 'y',
  n: 'y',
  s: 'z',
  t: 'y',
  z: 's',
};

/**
 * How many letters after a doubled first letter belong to the same long consonant: `ssz` is a
 * long sz (1 more letter after the two s), `ddzs` a long dzs (2), `tt` a long t (0).
 */
export function digraphTailLength(
  letters: readonly string[],
  after: number,
  first: string,
): number {
  const tail = DIGRAPH_TAILS[first];
  if (tail === undefined || letters[after] !== tail) return 0;
  return first === 'd' && letters[after + 1] === 's' ? 2 : 1;
}
