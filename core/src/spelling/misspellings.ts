import { tokenize } from '../tokens/tokenize.ts';

/**
 * A spell checker with a dictionary, as an app provides it (the port): hunspell with the
 * Hungarian dictionary in the studio's main process and, later, in the web editor.
 */
export type SpellingPort = {
  /** True when the dictionary knows the word (in any of its inflected forms). */
  readonly correct: (word: string) => boolean;
  /** The dictionary's nearest words, best first. */
  readonly suggest: (word: string) => readonly string[];
};

/** A word of a text its dictionary does not know, where it stands, and what it may be. */
export type Misspelling = {
  readonly word: string;
  /** UTF-16 offsets into the text's NFC form (core's tokenize). */
  readonly start: number;
  readonly end: number;
  readonly suggestions: readonly string[];
};

const DIGIT = /\p{N}/u;

/** A name's stem as Hungarian inflects it: a final a or e lengthens (Anna → Annának, Bence → Bencével). */
function stems(name: string): string[] {
  const lower = name.normalize('NFC').toLocaleLowerCase('hu');
  if (lower.endsWith('a')) return [lower, `${lower.slice(0, -1)}á`];
  if (lower.endsWith('e')) return [lower, `${lower.slice(0, -1)}é`];
  return [lower];
}

/**
 * True when `word` is one of `names` or an inflected form of one: capitalised as a name is, and
 * beginning with the name or its lengthened stem (Erzsi, Erzsivel, Erzsi-vel; Bence, Bencéék).
 * Compared in NFC, accents kept.
 */
export function isNameForm(word: string, names: readonly string[]): boolean {
  const first = word.charAt(0);
  if (first === '' || first === first.toLocaleLowerCase('hu')) return false;
  const lower = word.normalize('NFC').toLocaleLowerCase('hu');
  return names.some(
    (name) => name.trim() !== '' && stems(name.trim()).some((stem) => lower.startsWith(stem)),
  );
}

/** A word spelt right whole, or in each of its hyphen-joined parts (Duna-part, 12-én). */
function isCorrect(word: string, port: SpellingPort): boolean {
  if (port.correct(word)) return true;
  const parts = word.split(/[-\u2010\u2011]/u);
  return parts.length > 1 && parts.every((part) => DIGIT.test(part) || port.correct(part));
}

export type MisspellingOptions = {
  /** At most this many suggestions per word (4). */
  readonly maxSuggestions?: number;
  /**
   * Names the text may use (the lesson's speakers and characters): never flagged, nor their
   * inflected forms (see `isNameForm`).
   */
  readonly names?: readonly string[];
};

/**
 * The words of `text` (core's tokenize: the one rule for what a word is) that the dictionary
 * does not know, with up to `maxSuggestions` suggestions each. Numbers and the given names are
 * never checked; a word the text repeats is checked once.
 */
export function misspellings(
  text: string,
  port: SpellingPort,
  { maxSuggestions = 4, names = [] }: MisspellingOptions = {},
): Misspelling[] {
  const verdicts = new Map<string, readonly string[] | null>();
  const found: Misspelling[] = [];
  for (const token of tokenize(text)) {
    if (DIGIT.test(token.text) && !/\p{L}/u.test(token.text)) continue;
    let suggestions = verdicts.get(token.text);
    if (suggestions === undefined) {
      suggestions =
        isCorrect(token.text, port) || isNameForm(token.text, names)
          ? null
          : port.suggest(token.text).slice(0, maxSuggestions);
      verdicts.set(token.text, suggestions);
    }
    if (suggestions !== null) {
      found.push({ word: token.text, start: token.start, end: token.end, suggestions });
    }
  }
  return found;
}
