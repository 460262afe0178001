/**
 * The four comparison levels used to match an audio file name to a vocabulary word, strictest
 * first. Every level works on NFC text: macOS hands out NFD file names, and "kör" typed on a
 * keyboard is NFC, so without this step the same word would look different.
 */
export const MATCH_LEVELS = ['exact', 'case-insensitive', 'hyphenated', 'letters-only'] as const;

export type MatchLevel = (typeof MATCH_LEVELS)[number];

/** The file name without folders and without its last extension, NFC-normalised. */
export function baseName(fileName: string): string {
  const nfc = toNfc(fileName);
  const slash = Math.max(nfc.lastIndexOf('/'), nfc.lastIndexOf('\\'));
  const name = slash >= 0 ? nfc.slice(slash + 1) : nfc;
  const dot = name.lastIndexOf('.');
  // A leading dot (".mp3") is a name, not an extension.
  return dot > 0 ? name.slice(0, dot) : name;
}

const whitespace = /\s+/gu;
const letter = /^\p{L}$/u;

/** NFC form; ASCII text is already NFC, and skipping it keeps 10,000 names fast. */
function toNfc(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return text.normalize('NFC');
  }
  return text;
}

/**
 * Only the letters of a lower-cased text. Everything that is not a letter goes: punctuation,
 * digits, spaces, hyphens, underscores. Accented letters are letters, so á/é/í/ó/ö/ő/ú/ü/ű
 * survive: kor, kór and kör stay distinct. A character loop, because a \p{L} regex replace
 * over every name costs more than the rest of the matcher together.
 */
function lettersOnly(lower: string): string {
  let out = '';
  for (const char of lower) {
    const code = char.charCodeAt(0);
    if (code < 128) {
      if (code >= 97 && code <= 122) out += char;
    } else if (letter.test(char)) {
      out += char;
    }
  }
  return out;
}

function keyFromNfc(nfc: string, lower: string, level: MatchLevel): string {
  switch (level) {
    case 'exact':
      return nfc;
    case 'case-insensitive':
      return lower;
    case 'hyphenated':
      return lower.replace(whitespace, '-');
    case 'letters-only':
      return lettersOnly(lower);
  }
}

/**
 * The comparison key of a text at one level, or '' when the level leaves nothing to compare
 * (an empty key never matches). Accents are never stripped at any level.
 */
export function matchKey(text: string, level: MatchLevel): string {
  const nfc = toNfc(text).trim();
  return keyFromNfc(nfc, nfc.toLowerCase(), level);
}

/** The keys of a text at every level, in MATCH_LEVELS order, normalising only once. */
export function matchKeys(text: string): string[] {
  const nfc = toNfc(text).trim();
  const lower = nfc.toLowerCase();
  return MATCH_LEVELS.map((level) => keyFromNfc(nfc, lower, level));
}
