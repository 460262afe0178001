/** The single-byte code pages a Hungarian, German or Spanish spreadsheet may save a CSV in. */
export type SingleByteEncoding = 'windows-1250' | 'windows-1252';

// Bytes 0x80–0xFF of each code page, as the WHATWG Encoding Standard maps them (what browsers
// decode). Written out here because not every runtime core serves has these decoders: Node's
// small-ICU builds decode 'windows-1252' as Latin-1 and lack 'windows-1250' entirely.
// prettier-ignore
const WINDOWS_1250_HIGH: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0083, 0x201e, 0x2026, 0x2020, 0x2021,
  0x0088, 0x2030, 0x0160, 0x2039, 0x015a, 0x0164, 0x017d, 0x0179,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x0098, 0x2122, 0x0161, 0x203a, 0x015b, 0x0165, 0x017e, 0x017a,
  0x00a0, 0x02c7, 0x02d8, 0x0141, 0x00a4, 0x0104, 0x00a6, 0x00a7,
  0x00a8, 0x00a9, 0x015e, 0x00ab, 0x00ac, 0x00ad, 0x00ae, 0x017b,
  0x00b0, 0x00b1, 0x02db, 0x0142, 0x00b4, 0x00b5, 0x00b6, 0x00b7,
  0x00b8, 0x0105, 0x015f, 0x00bb, 0x013d, 0x02dd, 0x013e, 0x017c,
  0x0154, 0x00c1, 0x00c2, 0x0102, 0x00c4, 0x0139, 0x0106, 0x00c7,
  0x010c, 0x00c9, 0x0118, 0x00cb, 0x011a, 0x00cd, 0x00ce, 0x010e,
  0x0110, 0x0143, 0x0147, 0x00d3, 0x00d4, 0x0150, 0x00d6, 0x00d7,
  0x0158, 0x016e, 0x00da, 0x0170, 0x00dc, 0x00dd, 0x0162, 0x00df,
  0x0155, 0x00e1, 0x00e2, 0x0103, 0x00e4, 0x013a, 0x0107, 0x00e7,
  0x010d, 0x00e9, 0x0119, 0x00eb, 0x011b, 0x00ed, 0x00ee, 0x010f,
  0x0111, 0x0144, 0x0148, 0x00f3, 0x00f4, 0x0151, 0x00f6, 0x00f7,
  0x0159, 0x016f, 0x00fa, 0x0171, 0x00fc, 0x00fd, 0x0163, 0x02d9,
];

// Windows-1252 differs from Latin-1 only in 0x80–0x9F.
// prettier-ignore
const WINDOWS_1252_C1: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
  0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

const WINDOWS_1252_HIGH: readonly number[] = [
  ...WINDOWS_1252_C1,
  ...Array.from({ length: 0x60 }, (_, i) => 0xa0 + i),
];

const HIGH: Readonly<Record<SingleByteEncoding, readonly number[]>> = {
  'windows-1250': WINDOWS_1250_HIGH,
  'windows-1252': WINDOWS_1252_HIGH,
};

/** Decodes bytes of a single-byte code page; ASCII passes through. */
export function decodeSingleByte(bytes: Uint8Array, encoding: SingleByteEncoding): string {
  const high = HIGH[encoding];
  const chunks: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes: number[] = [];
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i] ?? 0;
      codes.push(b < 0x80 ? b : (high[b - 0x80] ?? 0xfffd));
    }
    chunks.push(String.fromCharCode(...codes));
  }
  return chunks.join('');
}

// Letters and signs a lesson's text may hold beyond ASCII: Hungarian, German and Spanish
// letters, typographic quotes and dashes, the euro, degree and section signs, no-break space.
// A decoding that yields anything else (ń, ż, õ, û, Ã, C1 controls…) has guessed the wrong
// code page, or the file is in neither.
const EXPECTED_NON_ASCII = new Set(
  ['áéíóöőúüűÁÉÍÓÖŐÚÜŰ', 'äßÄ', 'ñÑ¿¡', '–—‚„“”‘’…«»•·', '€°§×\u00a0'].join(''),
);

/** True when every non-ASCII character of `text` is one a lesson in these languages uses. */
export function looksLikeLessonText(text: string): boolean {
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue;
    if (!EXPECTED_NON_ASCII.has(ch)) return false;
  }
  return true;
}
