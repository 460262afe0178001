/**
 * One word of a line: its text as written and where it stands in the line's NFC text, as UTF-16
 * offsets (`text === line.slice(start, end)`), so whatever lies between words (spaces,
 * punctuation, quotes) is rendered as it is.
 */
export type Token = {
  readonly text: string;
  /** 0-based position of the word in the line. */
  readonly position: number;
  readonly start: number;
  readonly end: number;
};

// A word is a run of letters or digits, each with the combining marks that follow it; a hyphen
// or an apostrophe between two such runs belongs to the word (Duna-part, go'-t, 12-én, l'ami).
// Digits with an inner '.', ',' or ':' are one number (1.500, 3,5, 10:30). Everything else
// (spaces, sentence punctuation, quotes, dashes at a word's edge) lies outside the words.
const LETTERS = String.raw`[\p{L}\p{N}][\p{M}]*`;
const RUN = String.raw`(?:${LETTERS})+`;
const JOINER = String.raw`[-\u2010\u2011'\u2019]`;
const NUMBER_JOINER = String.raw`(?<=\p{N})[.,:](?=\p{N})`;
const WORD = new RegExp(String.raw`${RUN}(?:(?:${JOINER}|${NUMBER_JOINER})${RUN})*`, 'gu');

/**
 * The words of a line: the one rule for what a word is (DESIGN §12.3), used for word times,
 * tap-a-word and token rows alike. The text is NFC-normalised first and the offsets point into
 * that normalised text; pass NFC text (every stored line is) to use them on the original.
 */
export function tokenize(text: string): Token[] {
  const normal = text.normalize('NFC');
  const tokens: Token[] = [];
  for (const match of normal.matchAll(WORD)) {
    const start = match.index;
    tokens.push({
      text: match[0],
      position: tokens.length,
      start,
      end: start + match[0].length,
    });
  }
  return tokens;
}
