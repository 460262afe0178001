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

/** A word spelt right whole, or in each of its hyphen-joined parts (Duna-part, 12-én). */
function isCorrect(word: string, port: SpellingPort): boolean {
  if (port.correct(word)) return true;
  const parts = word.split(/[-\u2010\u2011]/u);
  return parts.length > 1 && parts.every((part) => DIGIT.test(part) || port.correct(part));
}

/**
 * The words of `text` (core's tokenize: the one rule for what a word is) that the dictionary
 * does not know, with up to `maxSuggestions` suggestions each. Numbers are never checked; a
 * word the text repeats is checked once.
 */
export function misspellings(text: string, port: SpellingPort, maxSuggestions = 4): Misspelling[] {
  const verdicts = new Map<string, readonly string[] | null>();
  const found: Misspelling[] = [];
  for (const token of tokenize(text)) {
    if (DIGIT.test(token.text) && !/\p{L}/u.test(token.text)) continue;
    let suggestions = verdicts.get(token.text);
    if (suggestions === undefined) {
      suggestions = isCorrect(token.text, port)
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
