import { decodeSingleByte, looksLikeLessonText, type SingleByteEncoding } from './single-byte.ts';
import type { CsvInput } from './types.ts';

/** How the bytes of a CSV were read. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

export type DecodedText = {
  readonly text: string;
  readonly encoding: TextEncodingName;
  readonly hadBom: boolean;
};

type TextDecoderLike = { decode(input: Uint8Array): string };
type TextDecoderConstructor = new (
  label: string,
  options?: { ignoreBOM?: boolean; fatal?: boolean },
) => {
  decode(input: Uint8Array): string;
};

// TextDecoder exists in every runtime core serves (browsers, Node, Deno, Electron), but core's
// tsconfig has no DOM or Node lib, so it is read from globalThis with a minimal shape.
function decoder(label: TextEncodingName, fatal = false): TextDecoderLike {
  const Ctor = (globalThis as unknown as { TextDecoder: TextDecoderConstructor }).TextDecoder;
  // ignoreBOM: true keeps the BOM in the output; we strip it ourselves after detecting it.
  return new Ctor(label, { ignoreBOM: true, fatal });
}

/**
 * Guesses UTF-16 without a BOM: text that is mostly ASCII has a zero byte in every other
 * position. Needs a few characters to be meaningful.
 */
function guessBomlessUtf16(bytes: Uint8Array): TextEncodingName | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 512);
  if (sample < 8) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) zeroEven++;
    if (bytes[i + 1] === 0) zeroOdd++;
  }
  const pairs = sample / 2;
  if (zeroOdd > pairs * 0.4 && zeroEven === 0) return 'utf-16le';
  if (zeroEven > pairs * 0.4 && zeroOdd === 0) return 'utf-16be';
  return null;
}

/**
 * Turns CSV bytes into text: UTF-8 with or without BOM, UTF-16LE/BE by BOM (or by the zero-byte
 * pattern when the BOM is missing). Invalid UTF-8 sequences, as in a Windows-1250 file, become
 * U+FFFD so the row checks can report them; nothing is dropped silently. Strings pass through
 * with a leading BOM removed.
 */
export function decodeCsvText(input: CsvInput): DecodedText {
  if (typeof input === 'string') {
    const hadBom = input.startsWith('\uFEFF');
    return { text: hadBom ? input.slice(1) : input, encoding: 'utf-8', hadBom };
  }
  const b = input;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return { text: decoder('utf-8').decode(b.subarray(3)), encoding: 'utf-8', hadBom: true };
  }
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    return { text: decoder('utf-16le').decode(b.subarray(2)), encoding: 'utf-16le', hadBom: true };
  }
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    return { text: decoder('utf-16be').decode(b.subarray(2)), encoding: 'utf-16be', hadBom: true };
  }
  const guessed = guessBomlessUtf16(b);
  if (guessed) return { text: decoder(guessed).decode(b), encoding: guessed, hadBom: false };
  return { text: decoder('utf-8').decode(b), encoding: 'utf-8', hadBom: false };
}

/** How the bytes of a file were read when nothing may be garbled. */
export type StrictEncodingName = TextEncodingName | SingleByteEncoding;

export type StrictDecodedText =
  | { readonly ok: true; readonly text: string; readonly encoding: StrictEncodingName }
  | { readonly ok: false };

function strictUnicode(bytes: Uint8Array, encoding: TextEncodingName): string | null {
  try {
    return decoder(encoding, true).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads a whole file or refuses it, never half: UTF-8 (BOM or not) and UTF-16 (BOM, or the
 * zero-byte pattern) must decode without a single bad sequence. Bytes that are not UTF-8 are
 * read as Windows-1250 (Hungarian Excel's "CSV" format), else Windows-1252 (German and Spanish
 * Excel), whichever yields only letters a lesson uses (Hungarian, German, Spanish); when
 * neither does, `ok: false`. Strings pass through with a leading BOM removed.
 */
export function decodeTextStrict(input: CsvInput): StrictDecodedText {
  if (typeof input === 'string') {
    return { ok: true, text: input.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  }
  const b = input;
  let body = b;
  let unicode: TextEncodingName | null = null;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    body = b.subarray(3);
    unicode = 'utf-8';
  } else if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    body = b.subarray(2);
    unicode = 'utf-16le';
  } else if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    body = b.subarray(2);
    unicode = 'utf-16be';
  } else {
    unicode = guessBomlessUtf16(b);
  }
  if (unicode !== null) {
    // A BOM or the UTF-16 pattern says what the file is: it decodes as that or not at all.
    const text = strictUnicode(body, unicode);
    return text === null ? { ok: false } : { ok: true, text, encoding: unicode };
  }
  const utf8 = strictUnicode(b, 'utf-8');
  if (utf8 !== null) return { ok: true, text: utf8, encoding: 'utf-8' };
  for (const encoding of ['windows-1250', 'windows-1252'] as const) {
    const text = decodeSingleByte(b, encoding);
    if (looksLikeLessonText(text)) return { ok: true, text, encoding };
  }
  return { ok: false };
}
