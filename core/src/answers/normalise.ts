// What a typed answer is compared by. Accents are never removed: NFC makes `ő` typed as o plus a
// combining double acute the same letter as the precomposed one, and nothing more.

const SURROUNDING = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/**
 * The answer as shown back to the learner: NFC, surrounding punctuation and whitespace removed,
 * inner whitespace collapsed to one space. Case is kept.
 */
export function tidyAnswer(text: string): string {
  return text.normalize('NFC').replace(SURROUNDING, '').replace(/\s+/gu, ' ');
}

/** The comparison key: `tidyAnswer` in lower case. `Jó!` and ` jó` share a key; `jo` does not. */
export function answerKey(text: string): string {
  return tidyAnswer(text).toLowerCase();
}

/** A word of a typed or heard line: its text as written, and its key. */
export type LineWord = { readonly text: string; readonly key: string };

// Letters with their marks and digits; a hyphen or apostrophe between two of them stays inside
// the word (`Kossuth-díj`, `rock'n'roll`). Everything else separates words and is not graded.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a line, punctuation left out. */
export function lineWords(text: string): LineWord[] {
  return Array.from(text.normalize('NFC').matchAll(WORD), (m) => ({
    text: m[0],
    key: m[0].toLowerCase(),
  }));
}
