/**
 * The four comparison levels used to match an audio file name to a vocabulary word, strictest
 * first. Every level works on NFC text: macOS hands out NFD file names, and "kör" typed on a
 * keyboard is NFC, so without this step the same word would look different.
 */
export const MATCH_LEVELS = ['exact', 'case-insensitive', 'hyphenated', 'letters-only'] as const;

export type MatchLevel = (typeof MATCH_LEVELS)[number];

/** The file name without folders and without its last extension, NFC-normalised. */
export function baseName(fileName: string): string {
  const nfc = fileName.normalize('NFC');
  const slash = Math.max(nfc.lastIndexOf('/'), nfc.lastIndexOf('\\'));
  const name = slash >= 0 ? nfc.slice(slash + 1) : nfc;
  const dot = name.lastIndexOf('.');
  // A leading dot (".mp3") is a name, not an extension.
  return dot > 0 ? name.slice(0, dot) : name;
}

const whitespace = /\s+/gu;
// Everything that is not a letter goes: punctuation, digits, spaces, hyphens, underscores.
// Accented letters are letters, so á/é/í/ó/ö/ő/ú/ü/ű survive: kor, kór and kör stay distinct.
const notLetter = /[^\p{L}]+/gu;

/**
 * The comparison key of a text at one level, or '' when the level leaves nothing to compare
 * (an empty key never matches). Accents are never stripped at any level.
 */
export function matchKey(text: string, level: MatchLevel): string {
  const nfc = text.normalize('NFC').trim();
  switch (level) {
    case 'exact':
      return nfc;
    case 'case-insensitive':
      return nfc.toLowerCase();
    case 'hyphenated':
      return nfc.toLowerCase().replace(whitespace, '-');
    case 'letters-only':
      return nfc.toLowerCase().replace(notLetter, '');
  }
}
