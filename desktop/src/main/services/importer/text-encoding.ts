import { decodeCsvText, findTextProblem } from '@magyarul/core/csv';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1250';

export type DecodedText =
  | { readonly ok: true; readonly text: string; readonly encoding: TextEncoding }
  | { readonly ok: false; readonly reason: string };

// Bytes Windows-1250 leaves undefined: a file holding them is not Windows-1250 text.
const UNDEFINED_IN_1250 = new Set([0x81, 0x83, 0x88, 0x90, 0x98]);

// Outside ASCII, the letters a Hungarian, German or English file holds in Windows-1250, and the
// punctuation Word and Excel put in. Anything else (ń, ż, ˇ…) means the file was written in
// another code page (Windows-1252 Spanish ñ is ń here) and reading it as Windows-1250 would
// silently change letters: such a file is refused rather than guessed.
const UNEXPECTED_1250 = /[^\t\n\r\u0020-\u007e\u00a0áéíóöőúüűÁÉÍÓÖŐÚÜŰäÄßëËçÇ§°×÷«»‚„“”‘’–—…•€]/u;

/** A control character other than tab and line breaks: binary, not text. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

/**
 * Reads a text file's bytes in the encoding it is really in: UTF-8 (with or without BOM),
 * UTF-16 LE/BE (by BOM, or by its zero bytes), or — when the bytes are not UTF-8 — Windows-1250,
 * the code page Hungarian Windows and Excel save CSV in. Text that fits none of them, holds
 * control characters or shows mojibake (UTF-8 read once as Latin-1 and saved again) is refused
 * with the reason: the caller refuses the whole file, never keeps part of it.
 */
export function decodeTextFile(bytes: Uint8Array): DecodedText {
  let decoded: { text: string; encoding: TextEncoding };
  const guess = decodeCsvText(bytes);
  if (guess.encoding !== 'utf-8') {
    if (guess.text.includes('\uFFFD')) {
      return { ok: false, reason: `it is not valid ${guess.encoding.toUpperCase()} text.` };
    }
    decoded = { text: guess.text, encoding: guess.encoding };
  } else {
    const body = guess.hadBom ? bytes.subarray(3) : bytes;
    try {
      decoded = {
        text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
        encoding: 'utf-8',
      };
    } catch {
      if (body.some((byte) => UNDEFINED_IN_1250.has(byte))) {
        return { ok: false, reason: 'it is neither UTF-8, UTF-16 nor Windows-1250 text.' };
      }
      const text = new TextDecoder('windows-1250').decode(body);
      const sample = UNEXPECTED_1250.exec(text)?.[0];
      if (sample !== undefined) {
        return {
          ok: false,
          reason: `it is not UTF-8, and read as Windows-1250 it holds “${sample}”, which no Hungarian, German or English text has; it is probably in another code page.`,
        };
      }
      decoded = { text, encoding: 'windows-1250' };
    }
  }
  if (hasControl(decoded.text)) {
    return { ok: false, reason: 'it holds control characters; it is not a text file.' };
  }
  const problem = findTextProblem(decoded.text);
  if (problem) {
    return {
      ok: false,
      reason: `it holds garbled letters (“${problem.sample}”): it was saved from text read in the wrong encoding.`,
    };
  }
  return { ok: true, text: decoded.text.normalize('NFC'), encoding: decoded.encoding };
}
