/** What is wrong with the characters of a cell, if anything. */
export type TextProblem = { readonly kind: 'not-utf8' | 'mojibake'; readonly sample: string };

// U+FFFD is what the decoder puts where the bytes were not UTF-8 (e.g. Windows-1250 ő = 0xF5).
const replacement = '\uFFFD';

// Hungarian has no õ/û: they are ő/ű from a Latin-2 file read as Latin-1/Windows-1252.
// Decomposed forms too (o + U+0303, u + U+0302), since cells become NFC only after this check.
const latin2AsLatin1 = /[õûÕÛ]|[oO]\u0303|[uU]\u0302/;

// UTF-8 read as Latin-1/Windows-1252: the lead byte 0xC3/0xC5 shows as Ã/Å followed by a
// continuation byte shown as a C1 control, a Latin-1 symbol or a Windows-1252 punctuation mark
// (ő → "Å‘", á → "Ã¡", é → "Ã©", ű → "Å±").
const utf8AsLatin1 =
  /[ÃÅ][\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]/;

/** Finds undecodable bytes or mojibake in a piece of text; `null` when it looks clean. */
export function findTextProblem(text: string): TextProblem | null {
  const bad = text.indexOf(replacement);
  if (bad >= 0) return { kind: 'not-utf8', sample: around(text, bad) };
  const mixed = utf8AsLatin1.exec(text) ?? latin2AsLatin1.exec(text);
  if (mixed) return { kind: 'mojibake', sample: around(text, mixed.index) };
  return null;
}

// The word holding the problem, so the message can quote it ("szõlõ"); long words are cut.
function around(text: string, index: number): string {
  let start = index;
  while (start > 0 && !/\s/.test(text.charAt(start - 1))) start--;
  let end = index + 1;
  while (end < text.length && !/\s/.test(text.charAt(end))) end++;
  return text.slice(Math.max(start, index - 20), Math.min(end, index + 20));
}
